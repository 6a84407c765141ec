import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { LiabilitiesProofResponse } from '@candor/contracts';
import type { ProofCheck } from '@candor/domain';
import { Button, EmptyState, ErrorState, Loading, PageHeader } from '../../components';
import { useLiabilitiesProof } from '../../features/liabilities/hooks';
import { centsToMoney, downloadProof, verifyInBrowser } from '../../features/liabilities/verify';
import { errorText } from '../../lib/errors';
import { formatMoney } from '../../lib/format';
import { currentLanguage } from '../../lib/i18n';
import styles from '../../features/liabilities/liabilities.module.css';

type Check = { kind: 'idle' } | { kind: 'running' } | { kind: 'done'; result: ProofCheck };

function ProofCard({ proof }: { proof: LiabilitiesProofResponse }) {
  const { t } = useTranslation('user');
  const [check, setCheck] = useState<Check>({ kind: 'idle' });
  const lang = currentLanguage();
  const verify = async () => {
    setCheck({ kind: 'running' });
    try {
      setCheck({ kind: 'done', result: await verifyInBrowser(proof) });
    } catch {
      // crypto.subtle is missing (a page not served over HTTPS) or refused: not verified.
      setCheck({ kind: 'done', result: { ok: false, reason: 'no crypto.subtle' } });
    }
  };
  const origin = typeof window === 'undefined' ? '' : window.location.origin;
  return (
    <>
      <section className={styles.card} data-testid="liabilities-card">
        <span className={styles.balanceLabel}>{t('liabilities.balance')}</span>
        <p className={styles.balance} data-testid="liabilities-balance">
          {formatMoney(centsToMoney(proof.balance), { locale: lang })}
        </p>
        <p className={styles.note}>{t('liabilities.balanceNote')}</p>
        <dl className={styles.facts}>
          <div>
            <dt>{t('liabilities.date')}</dt>
            <dd data-testid="liabilities-date">{proof.date}</dd>
          </div>
          <div>
            <dt>{t('liabilities.total')}</dt>
            <dd data-testid="liabilities-total">{formatMoney(centsToMoney(proof.total), { locale: lang })}</dd>
          </div>
          <div>
            <dt>{t('liabilities.root')}</dt>
            <dd className={styles.hash} data-testid="liabilities-root">
              {proof.root}
            </dd>
          </div>
        </dl>
        <Button variant="secondary" block onClick={() => void verify()} loading={check.kind === 'running'} data-testid="liabilities-verify">
          {check.kind === 'running' ? t('liabilities.verifying') : t('liabilities.verify')}
        </Button>
        {check.kind === 'done' ? (
          <p
            className={`${styles.check} ${check.result.ok ? styles.ok : styles.bad}`}
            role="status"
            data-testid="liabilities-verdict"
            data-ok={check.result.ok}
            title={check.result.ok ? undefined : check.result.reason}
          >
            {check.result.ok ? t('liabilities.verified') : t('liabilities.failed')}
          </p>
        ) : null}
      </section>
      <section className={styles.card}>
        <Button variant="secondary" block onClick={() => downloadProof(proof)} data-testid="liabilities-download">
          {t('liabilities.download')}
        </Button>
        <p className={styles.note}>{t('liabilities.offline')}</p>
        <code className={styles.code}>node scripts/verify-liabilities.mjs proof.json</code>
        <p className={styles.note}>{t('liabilities.published')}</p>
        <code className={styles.code}>{`${origin}/api/transparency/liabilities`}</code>
      </section>
    </>
  );
}

/** The user's proof of liabilities: their balance at the day's snapshot, the published root and total, checks. */
export default function LiabilitiesPage() {
  const { t } = useTranslation('user');
  const proof = useLiabilitiesProof();
  return (
    <main className="page" data-testid="liabilities-page">
      <PageHeader title={t('liabilities.title')} back />
      <div className="page__body">
        <p className={styles.intro}>{t('liabilities.intro')}</p>
        {proof.isPending ? (
          <Loading />
        ) : proof.isError ? (
          <ErrorState message={errorText(proof.error, t)} onRetry={() => void proof.refetch()} />
        ) : proof.data === null ? (
          <EmptyState icon="shield" title={t('liabilities.notYet')} description={t('liabilities.notYetHint')} />
        ) : (
          <ProofCard proof={proof.data} />
        )}
      </div>
    </main>
  );
}
