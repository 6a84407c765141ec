import { useTranslation } from 'react-i18next';
import type { KycStatus } from '@candor/contracts';

const PILL: Record<KycStatus, string> = { pending: 'pill-warn', verified: 'pill-ok', rejected: 'pill-bad', not_submitted: 'pill-muted' };

/** A verification's status; a final rejection says so, since the user can never submit again. */
export function KycStatusPill({ status, final }: { status: KycStatus; final: boolean }) {
  const { t } = useTranslation('consoleKyc');
  const isFinal = status === 'rejected' && final;
  return (
    <span className={`pill ${PILL[status]}`} data-testid="kyc-status" data-status={status} data-final={isFinal}>
      {isFinal ? t('status.rejectedFinal') : t(`status.${status}`)}
    </span>
  );
}
