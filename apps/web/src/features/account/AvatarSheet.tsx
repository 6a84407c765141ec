import { useEffect, useId, useRef, useState, type ChangeEvent } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { Button, FormAlert } from '../../components';
import { ProgressBar } from '../../components/ProgressBar';
import { errorText } from '../../lib/errors';
import { checkImageFile, IMAGE_ACCEPT, imageProblemKey, UploadError } from '../../lib/upload';
import { AVATAR_FIELD } from '@candor/contracts/uploads';
import { useRemoveAvatar, useSetAvatar } from './avatar';
import styles from './avatar.module.css';

export interface AvatarSheetProps {
  /** Whether the user has a photo now (then "remove photo" is offered). */
  hasPhoto: boolean;
  onClose(): void;
  /** After a change, with the message to confirm it. */
  onDone(message: string): void;
}

/**
 * What tapping the avatar offers: upload a photo (JPEG, PNG or WebP, checked here by type and size and by
 * the server by content) or remove the one there is. Loaded only when opened: it brings the upload client.
 * Put at the end of the body, so the hero's white text does not reach it.
 */
export default function AvatarSheet({ hasPhoto, onClose, onDone }: AvatarSheetProps) {
  const { t } = useTranslation('user');
  const titleId = useId();
  const input = useRef<HTMLInputElement>(null);
  const first = useRef<HTMLButtonElement>(null);
  const upload = useSetAvatar();
  const remove = useRemoveAvatar();
  const [error, setError] = useState<string | null>(null);
  const busy = upload.isPending || remove.isPending;

  useEffect(() => first.current?.focus(), []);
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape' && !busy) onClose();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [onClose, busy]);

  const refused = (err: unknown): string => {
    const key = err instanceof UploadError && err.field === AVATAR_FIELD ? imageProblemKey(err.reason, AVATAR_FIELD, err.code) : null;
    return key ? t(key) : errorText(err, t);
  };

  const pick = (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    // Cleared, so choosing the same file again (after an error) is a change too.
    e.target.value = '';
    if (!file) return;
    const problem = checkImageFile(file);
    const key = problem ? imageProblemKey(problem, AVATAR_FIELD) : null;
    if (key) {
      setError(t(key));
      return;
    }
    setError(null);
    upload.mutate(file, { onSuccess: () => onDone(t('avatar.saved')), onError: (err) => setError(refused(err)) });
  };

  const removePhoto = () => {
    setError(null);
    remove.mutate(undefined, { onSuccess: () => onDone(t('avatar.removed')), onError: (err) => setError(refused(err)) });
  };

  return createPortal(
    <div className="sheet" onClick={() => !busy && onClose()}>
      <div
        className={`sheet__panel ${styles.sheet}`}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-busy={busy}
        onClick={(e) => e.stopPropagation()}
        data-testid="avatar-sheet"
      >
        <div className="sheet__header">
          <h2 className="sheet__title" id={titleId}>
            {t('avatar.title')}
          </h2>
        </div>
        <p className={styles.info}>{t('avatar.info')}</p>
        <FormAlert message={error} />
        {upload.isPending ? (
          <ProgressBar
            percent={upload.progress ?? 0}
            label={t('verify:progressLabel')}
            text={(upload.progress ?? 0) < 100 ? t('avatar.uploading') : t('verify:processing')}
            testId="avatar-progress"
          />
        ) : null}
        {remove.isPending ? (
          <p className={styles.status} role="status" data-testid="avatar-removing">
            {t('avatar.removing')}
          </p>
        ) : null}
        <input ref={input} type="file" name={AVATAR_FIELD} accept={IMAGE_ACCEPT} hidden onChange={pick} data-testid="avatar-file" />
        <div className={styles.actions}>
          <Button ref={first} block onClick={() => input.current?.click()} loading={upload.isPending} disabled={busy} data-testid="avatar-upload">
            {t('avatar.upload')}
          </Button>
          {hasPhoto ? (
            <Button variant="secondary" block onClick={removePhoto} loading={remove.isPending} disabled={busy} data-testid="avatar-remove">
              {t('avatar.remove')}
            </Button>
          ) : null}
          <Button variant="ghost" block onClick={onClose} disabled={busy} data-testid="avatar-close">
            {t('avatar.close')}
          </Button>
        </div>
      </div>
    </div>,
    document.body,
  );
}
