import { useTranslation } from 'react-i18next';
import { EmptyState, ErrorState, Loading, PageHeader, PageSkeleton } from '../../components';
import { ChainCard, EarnCard, LedgerCard, LiabilitiesCard, LossCard, ProductsCard, ReceiptsCard } from '../../features/transparency/TransparencySections';
import { errorText } from '../../lib/errors';
import { usePageNamespace } from '../../lib/i18n';
import { formatComputedAt, useTransparency } from '../../lib/transparency';
import styles from '../../features/transparency/transparency.module.css';

/**
 * `/transparency` (no session): the figures the server's hourly job last computed, never a number of its own:
 * loss shares, products, receipts checked, chain heads, the ledger check and the liabilities root.
 */
export default function TransparencyPage() {
  const { t, i18n } = useTranslation('transparency');
  const ns = usePageNamespace('transparency');
  const q = useTransparency();
  if (!ns.ready) {
    return ns.failed ? (
      <main className="page">
        <PageHeader title={t('common:pageError.title')} back />
        <ErrorState message={t('common:pageError.text')} onRetry={ns.retry} />
      </main>
    ) : (
      <PageSkeleton />
    );
  }
  const origin = typeof window === 'undefined' ? '' : window.location.origin;
  return (
    <main className="page" data-testid="transparency-page">
      <PageHeader title={t('title')} back />
      <div className="page__body">
        <p className={styles.intro}>{t('intro')}</p>
        {q.isPending ? (
          <Loading />
        ) : q.isError ? (
          <ErrorState message={errorText(q.error, t)} onRetry={() => void q.refetch()} />
        ) : q.data.computedAt === null ? (
          <EmptyState icon="shield" title={t('notComputedTitle')} description={t('notComputedText')} />
        ) : (
          <div className={styles.stack} data-testid="transparency-figures" data-computed-at={q.data.computedAt}>
            <p className={styles.note} data-testid="transparency-computed-at">
              {t('computedAt', { date: formatComputedAt(q.data.computedAt, i18n.language) })}
            </p>
            <LossCard f={q.data} />
            <ProductsCard f={q.data} />
            <ReceiptsCard f={q.data} />
            <ChainCard f={q.data} origin={origin} />
            <LedgerCard f={q.data} />
            <LiabilitiesCard f={q.data} />
            <EarnCard f={q.data} />
          </div>
        )}
      </div>
    </main>
  );
}
