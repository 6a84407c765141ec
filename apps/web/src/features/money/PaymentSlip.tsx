import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import type { Deposit } from '@candor/contracts';
import { Button, Icon } from '../../components';
import { ImagePicker } from '../../components/ImagePicker';
import { ProgressBar } from '../../components/ProgressBar';
import { isApiError } from '../../lib/api';
import { errorText } from '../../lib/errors';
import { moneyKeys } from '../../lib/queryKeys';
import { checkImageFile, imageProblemKey, UploadError } from '../../lib/upload';
import { useAttachSlip } from './slip';
import styles from './money.module.css';

/**
 * A deposit's optional payment slip (one image the reviewer sees beside the request): offered while the
 * deposit is in review and has none, open at once right after the deposit was filed (`offer`).
 */
export function PaymentSlip({ deposit, offer = false }: { deposit: Deposit; offer?: boolean }) {
  const { t } = useTranslation('verify');
  const qc = useQueryClient();
  const attach = useAttachSlip(deposit.id);
  const [open, setOpen] = useState(offer);
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [attached, setAttached] = useState(false);

  if (deposit.slip || attached) {
    return (
      <p className={styles.slipDone} data-testid="slip-attached">
        <Icon name="check" size={16} aria-hidden="true" />
        {t('slip.attached')}
      </p>
    );
  }
  if (deposit.status !== 'in_review') return null;
  if (!open) {
    return (
      <button type="button" className={styles.slipOpen} onClick={() => setOpen(true)} data-testid="slip-open">
        <Icon name="doc" size={16} aria-hidden="true" />
        {t('slip.attach')}
      </button>
    );
  }

  const pick = (chosen: File) => {
    const problem = checkImageFile(chosen);
    const key = problem ? imageProblemKey(problem, 'slip') : null;
    setError(key ? t(key) : null);
    setFile(key ? null : chosen);
  };
  const send = () => {
    if (!file) {
      setError(t('image.missing'));
      return;
    }
    attach.mutate(file, {
      onSuccess: () => setAttached(true),
      onError: (err) => {
        const key = err instanceof UploadError && err.field === 'slip' ? imageProblemKey(err.reason, 'slip', err.code) : null;
        setError(key ? t(key) : errorText(err, t));
        // Decided meanwhile: the list shows the deposit as it now is.
        if (isApiError(err) && err.code === 'SLIP_NOT_ACCEPTED') void qc.invalidateQueries({ queryKey: moneyKeys.deposits, exact: true });
      },
    });
  };
  const labels = { take: t('photo.take'), choose: t('photo.choose'), retake: t('photo.retake'), replace: t('photo.replace'), empty: t('photo.empty') };
  return (
    <div className={styles.slip} data-testid="slip-form">
      <ImagePicker
        name="slip"
        label={t('slip.attach')}
        hint={t('slip.hint')}
        icon="doc"
        file={file}
        onPick={pick}
        error={error}
        disabled={attach.isPending}
        labels={labels}
      />
      {attach.isPending ? (
        <ProgressBar
          percent={attach.progress ?? 0}
          label={t('progressLabel')}
          text={(attach.progress ?? 0) < 100 ? t('uploading') : t('processing')}
          testId="slip-progress"
        />
      ) : null}
      <div className={styles.slipActions}>
        <Button variant="ghost" size="sm" onClick={() => setOpen(false)} disabled={attach.isPending}>
          {t('slip.later')}
        </Button>
        <Button size="sm" onClick={send} loading={attach.isPending} data-testid="slip-send">
          {t('slip.send')}
        </Button>
      </div>
    </div>
  );
}
