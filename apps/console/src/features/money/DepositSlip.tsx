import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { API } from '@candor/contracts';
import { ImageViewer } from '../../components/ImageViewer';

/**
 * The payment slip a user attached to a deposit, beside the request. Opened on demand: the image is fetched
 * only when the reviewer asks for it, and each view is audited.
 */
export function DepositSlip({ depositId, orderNo }: { depositId: string; orderNo: string }) {
  const { t } = useTranslation('consoleKyc');
  const [open, setOpen] = useState(false);
  return (
    <div className="deposit-slip" data-testid="deposit-slip">
      <button type="button" className="btn btn-small" data-testid="slip-open" aria-expanded={open} onClick={() => setOpen((o) => !o)}>
        {open ? t('slip.hide') : t('slip.open')}
      </button>
      {open ? (
        <ImageViewer path={`${API.adminDeposits}/${encodeURIComponent(depositId)}/slip`} label={t('slip.title', { orderNo })} testId="slip-viewer" />
      ) : null}
    </div>
  );
}
