import { useTranslation } from 'react-i18next';
import type { AdminProductBody } from '@candor/contracts';
import { formatDateTime } from '../../../components/format';
import type { ProductForm } from '../productForm';

interface SaveBarProps {
  /** The fields that differ from the stored product. */
  diff: AdminProductBody;
  dirty: boolean;
  pending: boolean;
  errorCount: number;
  savedAt: string | null;
  serverError: Error | null;
  onDiscard: () => void;
}

/** The editor's footer: what state the edits are in, and discard / save. */
export function SaveBar({ diff, dirty, pending, errorCount, savedAt, serverError, onDiscard }: SaveBarProps) {
  const { t } = useTranslation();
  return (
    <div className="save-bar" role="region" aria-label={t('products.saveBar')}>
      <div className="save-status" aria-live="polite">
        {serverError ? (
          <span className="text-bad" role="alert" data-testid="save-error">
            {serverError.message}
          </span>
        ) : errorCount ? (
          <span className="text-bad" role="alert">
            {t('products.fixErrors', { count: errorCount })}
          </span>
        ) : savedAt ? (
          <span className="text-ok" data-testid="saved">
            {t('products.saved', { time: formatDateTime(savedAt) })}
          </span>
        ) : dirty ? (
          <span>
            {t('products.unsaved', {
              fields: Object.keys(diff)
                .map((k) => t(`products.fields.${k as keyof ProductForm}`))
                .join(', '),
            })}
          </span>
        ) : (
          <span className="muted">{t('products.noChanges')}</span>
        )}
      </div>
      <div className="save-actions">
        <button type="button" className="btn" disabled={!dirty || pending} onClick={onDiscard}>
          {t('products.discard')}
        </button>
        <button type="submit" className="btn btn-primary" disabled={!dirty || pending} data-testid="save">
          {pending ? t('products.saving') : t('products.save')}
        </button>
      </div>
    </div>
  );
}
