import { useEffect, useState, useSyncExternalStore, type ChangeEvent } from 'react';
import { Icon, type IconName } from './Icon';
import { IMAGE_ACCEPT } from '../lib/upload';
import styles from './upload.module.css';

/** The picker's texts, from the namespace of the screen that uses it. */
export interface ImagePickerLabels {
  take: string;
  choose: string;
  retake: string;
  replace: string;
  empty: string;
}

export interface ImagePickerProps {
  /** The input's name and the prefix of its test ids (`front` -> `front-file`, `front-camera`, `front-preview`). */
  name: string;
  label: string;
  hint?: string;
  file: File | null;
  onPick(file: File): void;
  error?: string | null;
  disabled?: boolean;
  labels: ImagePickerLabels;
  /** The drawing in the empty frame. */
  icon?: IconName;
}

/** The image a File shows, as an object URL revoked when the file changes or the picker goes away. */
function useObjectUrl(file: File | null): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!file) {
      setUrl(null);
      return;
    }
    const next = URL.createObjectURL(file);
    setUrl(next);
    return () => URL.revokeObjectURL(next);
  }, [file]);
  return url;
}

const COARSE = '(pointer: coarse)';
/** A touch screen (a phone or tablet): the camera is offered beside the file chooser. */
function useTouchDevice(): boolean {
  return useSyncExternalStore(
    (cb) => {
      const mq = typeof window.matchMedia === 'function' ? window.matchMedia(COARSE) : null;
      mq?.addEventListener('change', cb);
      return () => mq?.removeEventListener('change', cb);
    },
    () => typeof window.matchMedia === 'function' && window.matchMedia(COARSE).matches,
    () => false,
  );
}

/**
 * Imported by its path, not through components/index.ts, so its styles and the upload client stay out of the
 * first bundle (the screens that upload are lazy).
 *
 * One image to upload: a preview of the chosen file before anything is sent, and a "take photo" (the rear
 * camera) and a "choose file" button on phones, only the latter elsewhere. The caller checks the file.
 */
export function ImagePicker({ name, label, hint, file, onPick, error, disabled, labels, icon = 'idcard' }: ImagePickerProps) {
  const url = useObjectUrl(file);
  const touch = useTouchDevice();
  const errorId = `${name}-error`;
  const onChange = (e: ChangeEvent<HTMLInputElement>) => {
    const chosen = e.target.files?.[0];
    e.target.value = ''; // the same file chosen again still fires a change
    if (chosen) onPick(chosen);
  };
  const button = (kind: 'camera' | 'file', text: string) => (
    <label className={styles.action}>
      <input
        className={styles.input}
        type="file"
        name={kind === 'file' ? name : `${name}-camera`}
        accept={IMAGE_ACCEPT}
        capture={kind === 'camera' ? 'environment' : undefined}
        disabled={disabled}
        onChange={onChange}
        aria-describedby={error ? errorId : undefined}
        data-testid={`${name}-${kind}`}
      />
      <span className={`btn btn--sm btn--block ${kind === 'camera' ? 'btn--secondary' : 'btn--ghost'}`} aria-disabled={disabled || undefined}>
        <Icon name={kind === 'camera' ? 'camera' : 'doc'} size={18} />
        <span className="btn__label">{text}</span>
      </span>
    </label>
  );
  const frameClass = [styles.frame, url ? styles.frameFilled : '', error ? styles.frameInvalid : ''].filter(Boolean).join(' ');
  return (
    <div className={styles.picker} data-testid={`pick-${name}`}>
      <span className="field__label">{label}</span>
      <div className={frameClass}>
        {url ? (
          <img className={styles.preview} src={url} alt={label} data-testid={`${name}-preview`} />
        ) : (
          <span className={styles.empty}>
            <Icon name={icon} size={34} />
            {hint ?? labels.empty}
          </span>
        )}
      </div>
      {file ? <span className={styles.fileName}>{file.name}</span> : null}
      <div className={styles.actions}>
        {touch ? button('camera', file ? labels.retake : labels.take) : null}
        {button('file', file ? labels.replace : labels.choose)}
      </div>
      {error ? (
        <p className="field__error" id={errorId} role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
