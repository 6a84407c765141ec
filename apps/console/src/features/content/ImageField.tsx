import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { uploadContentImage } from './contentApi';
import { messageOf } from './Flash';

/**
 * A picture of an item (a cover, a banner, an icon, an office's map): uploaded when chosen, previewed from
 * the url the server answers; the item keeps the upload's id when it is saved.
 */
export function ImageField({
  label,
  alt,
  url,
  onChange,
  testId,
}: {
  label: string;
  alt: string;
  url: string | null;
  onChange(image: { id: string; url: string } | null): void;
  testId: string;
}) {
  const { t } = useTranslation('consoleContent');
  const input = useRef<HTMLInputElement>(null);
  const hintId = useId();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function choose(file: File | undefined) {
    if (!file) return;
    setBusy(true);
    setError(null);
    try {
      onChange(await uploadContentImage(file));
    } catch (e) {
      setError(t('upload.failed', { message: messageOf(e, '') }));
    } finally {
      setBusy(false);
      if (input.current) input.current.value = '';
    }
  }

  return (
    <fieldset className="image-field" data-testid={testId}>
      <legend>{label}</legend>
      <div className="image-field-body">
        <div className="image-field-preview">{url ? <img src={url} alt={alt} /> : <span className="muted small">{t('upload.none')}</span>}</div>
        <div className="image-field-actions">
          <label className="btn btn-small">
            {busy ? t('upload.uploading') : url ? t('upload.replace') : t('upload.choose')}
            <input
              ref={input}
              type="file"
              className="sr-only"
              accept="image/jpeg,image/png,image/webp"
              aria-describedby={hintId}
              disabled={busy}
              data-testid={`${testId}-input`}
              onChange={(e) => void choose(e.target.files?.[0])}
            />
          </label>
          {url ? (
            <button type="button" className="btn btn-ghost btn-small" disabled={busy} onClick={() => onChange(null)}>
              {t('upload.remove')}
            </button>
          ) : null}
          <small className="muted" id={hintId}>
            {t('upload.hint')}
          </small>
        </div>
      </div>
      {error ? (
        <p className="field-error" role="alert">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
