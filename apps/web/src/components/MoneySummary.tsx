import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from './ConfirmDialog';

export interface SummaryRow {
  /** Stable name for tests (`summary-<key>`). */
  key: string;
  label: string;
  value: string;
}

export interface MoneySummaryProps {
  open: boolean;
  rows: SummaryRow[];
  busy?: boolean;
  confirmLabel: string;
  onConfirm(): void;
  onCancel(): void;
}

/**
 * What a money form is about to send, to confirm before it goes: the amount exactly as it will be sent, where
 * it goes, the fee and when it arrives. Cancel closes it and leaves the form as it was.
 */
export function MoneySummary({ open, rows, busy = false, confirmLabel, onConfirm, onCancel }: MoneySummaryProps) {
  const { t } = useTranslation('common');
  return (
    <ConfirmDialog open={open} title={t('summary.title')} confirmLabel={confirmLabel} busy={busy} onConfirm={onConfirm} onCancel={onCancel}>
      <dl className="summary" data-testid="money-summary">
        {rows.map((row) => (
          <div key={row.key} style={{ display: 'contents' }}>
            <dt>{row.label}</dt>
            <dd className="num" data-testid={`summary-${row.key}`}>
              {row.value}
            </dd>
          </div>
        ))}
      </dl>
    </ConfirmDialog>
  );
}
