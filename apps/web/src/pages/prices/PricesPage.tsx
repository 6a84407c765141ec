import { useTranslation } from 'react-i18next';
import { Button, PageHeader, PageSkeleton } from '../../components';
import { formatRatePercent } from '../../features/market/format';
import { PRICE_RULE_DEFAULTS } from '../../lib/priceState';
import { usePageNamespace } from '../../lib/i18n';
import styles from './prices.module.css';

const SECTIONS = ['source', 'rule', 'halt', 'expiry', 'simulated', 'check'] as const;

/** Ways to check a price, each with the command that does it (commands are not translated). */
const CHECKS: { key: string; command?: string }[] = [
  { key: 'record', command: 'node scripts/verify-chain.mjs BTCUSDT --api <address>' },
  { key: 'receipt', command: 'node scripts/verify-receipt.mjs <order id> --api <address> --token <access token>' },
  { key: 'venues', command: 'node scripts/verify-venues.mjs <order id>' },
];

/**
 * /pages/prices/prices: how a price is made from the exchanges, when a product halts and resumes, what
 * happens to an order expiring in a halt, simulated prices, and how to check a price. Its text (the
 * `prices` namespace) is loaded with the page, not with the app.
 */
export default function PricesPage() {
  const { t, i18n } = useTranslation('prices');
  const ns = usePageNamespace('prices');
  const { quorum, maxDeviationBps, staleMs, settleGraceMs } = PRICE_RULE_DEFAULTS;
  const values = {
    quorum,
    bps: maxDeviationBps,
    percent: formatRatePercent(maxDeviationBps / 10_000, i18n.language),
    staleSeconds: staleMs / 1000,
    graceSeconds: settleGraceMs / 1000,
  };

  if (!ns.ready) {
    return ns.failed ? (
      <main className="page">
        <PageHeader title={t('common:pageError.title')} back />
        <div className="state state--error" role="alert">
          <p className="state__title">{t('common:pageError.title')}</p>
          <div className="state__action">
            <Button onClick={ns.retry}>{t('common:action.retry')}</Button>
          </div>
        </div>
      </main>
    ) : (
      <PageSkeleton />
    );
  }

  return (
    <main className="page" data-testid="prices-page">
      <PageHeader title={t('title')} back />
      <div className="page__body">
        <div className="card">
          <article className="article">
            <p className="article__lead">{t('intro')}</p>
            {SECTIONS.map((s) => (
              <section key={s} className="article__section" data-testid={`prices-${s}`}>
                <h2 className="article__title">{t(`sections.${s}.title`)}</h2>
                {t(`sections.${s}.text`, values)
                  .split('\n\n')
                  .map((para, i) => (
                    <p key={i} className="article__text">
                      {para}
                    </p>
                  ))}
                {s === 'check' ? (
                  <ol className={styles.checks}>
                    {CHECKS.map((c) => (
                      <li key={c.key} className={`article__text ${styles.check}`}>
                        {t(`checks.${c.key}`)}
                        {c.command ? <code className={styles.command}>{c.command}</code> : null}
                      </li>
                    ))}
                  </ol>
                ) : null}
              </section>
            ))}
            <p className="article__text">{t('scripts')}</p>
          </article>
        </div>
      </div>
    </main>
  );
}
