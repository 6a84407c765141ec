import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { TransparencyFigures } from '@candor/contracts';
import { earnCoverState } from '@candor/domain';
import { CopyButton } from '../../components';
import { formatMoney } from '../../lib/format';
import { ROUTES } from '../../lib/paths';
import { formatComputedAt, formatShare } from '../../lib/transparency';
import styles from './transparency.module.css';

/** Integer cents as published in the liabilities chain, as money (`"123456"` -> `1234.56`). */
const centsToMoney = (cents: string): string => (cents.length > 2 ? `${cents.slice(0, -2)}.${cents.slice(-2)}` : `0.${cents.padStart(2, '0')}`);

/** The loss shares over 12 months and 90 days, or why none is published yet. */
export function LossCard({ f }: { f: TransparencyFigures }) {
  const { t, i18n } = useTranslation('transparency');
  const lang = i18n.language;
  return (
    <section className={styles.card} data-testid="transparency-loss">
      <h2 className={styles.title}>{t('loss.title')}</h2>
      <p className={styles.figure} data-testid="transparency-loss-12m" data-share={f.lossShare12m ?? ''}>
        {f.lossShare12m === null
          ? t('loss.tooFew', { min: f.minAccounts, count: f.accountsCounted })
          : t('loss.figure', { share: formatShare(f.lossShare12m, lang), count: f.accountsCounted })}
      </p>
      <p className={styles.note} data-testid="transparency-loss-90d">
        {f.lossShare90d === null
          ? t('loss.tooFew90d', { min: f.minAccounts, count: f.accountsCounted90d })
          : t('loss.figure90d', { share: formatShare(f.lossShare90d, lang), count: f.accountsCounted90d })}
      </p>
      <p className={styles.note}>{t('loss.explain')}</p>
    </section>
  );
}

/** Each product's house result, payout ratio and orders settled over 30 days. */
export function ProductsCard({ f }: { f: TransparencyFigures }) {
  const { t, i18n } = useTranslation('transparency');
  return (
    <section className={styles.card} data-testid="transparency-products">
      <h2 className={styles.title}>{t('products.title')}</h2>
      {f.products.length === 0 ? (
        <p className={styles.note}>{t('products.empty')}</p>
      ) : (
        <table className={styles.table}>
          <thead>
            <tr>
              <th scope="col">{t('products.symbol')}</th>
              <th scope="col">{t('products.house')}</th>
              <th scope="col">{t('products.ratio')}</th>
              <th scope="col">{t('products.orders')}</th>
            </tr>
          </thead>
          <tbody>
            {f.products.map((p) => (
              <tr key={p.symbol} data-testid="transparency-product" data-symbol={p.symbol}>
                <th scope="row">{p.symbol}</th>
                <td>{formatMoney(p.houseResult30d)}</td>
                <td>{p.payoutRatio30d === null ? '—' : formatShare(p.payoutRatio30d, i18n.language)}</td>
                <td>{p.ordersSettled30d.toLocaleString(i18n.language)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <p className={styles.note}>{t('products.explain')}</p>
    </section>
  );
}

export function ReceiptsCard({ f }: { f: TransparencyFigures }) {
  const { t } = useTranslation('transparency');
  return (
    <section className={styles.card} data-testid="transparency-receipts">
      <h2 className={styles.title}>{t('receipts.title')}</h2>
      <p className={styles.figure} data-testid="transparency-receipts-count" data-count={f.receiptsChecked}>
        {t('receipts.text', { count: f.receiptsChecked })}
      </p>
      <p className={styles.note}>{t('receipts.explain')}</p>
    </section>
  );
}

/** Each product's chain head with a copy button, and the command that checks the chain up to it. */
export function ChainCard({ f, origin }: { f: TransparencyFigures; origin: string }) {
  const { t } = useTranslation('transparency');
  const first = f.tickHeads[0];
  return (
    <section className={styles.card} data-testid="transparency-chain">
      <h2 className={styles.title}>{t('chain.title')}</h2>
      {f.tickHeads.length === 0 ? <p className={styles.note}>{t('chain.empty')}</p> : null}
      {f.tickHeads.map((h) => (
        <div key={h.symbol} className={styles.head} data-testid="transparency-head" data-symbol={h.symbol}>
          <div className={styles.headRow}>
            <strong>{h.symbol}</strong>
            <CopyButton value={h.hash} name={t('chain.copyName', { symbol: h.symbol })} />
          </div>
          <span className={styles.note}>
            {t('chain.second')}: {h.second}
          </span>
          <code className={`${styles.hash} ${styles.note}`} data-testid="transparency-head-hash">
            {h.hash}
          </code>
        </div>
      ))}
      {first ? (
        <>
          <p className={styles.note}>{t('chain.explain')}</p>
          <code className={styles.code} data-testid="transparency-chain-command">
            {`node scripts/verify-chain.mjs ${first.symbol} ${first.second - 59} ${first.second} --api ${origin}`}
          </code>
          <p className={styles.note}>{t('chain.after')}</p>
        </>
      ) : null}
    </section>
  );
}

export function LedgerCard({ f }: { f: TransparencyFigures }) {
  const { t, i18n } = useTranslation('transparency');
  const l = f.ledgerCheck;
  return (
    <section className={styles.card} data-testid="transparency-ledger">
      <h2 className={styles.title}>{t('ledger.title')}</h2>
      {l ? (
        <>
          <p className={`${styles.figure} ${l.ok ? styles.ok : styles.bad}`} data-testid="transparency-ledger-state" data-ok={l.ok}>
            {l.ok ? t('ledger.ok') : t('ledger.bad')}
          </p>
          <p className={styles.note}>{t('ledger.detail', { accounts: l.accounts.toLocaleString(i18n.language), imbalance: formatMoney(l.imbalance) })}</p>
          <p className={styles.note}>{t('ledger.at', { date: formatComputedAt(l.at, i18n.language) })}</p>
        </>
      ) : (
        <p className={styles.note}>{t('ledger.none')}</p>
      )}
    </section>
  );
}

export function LiabilitiesCard({ f }: { f: TransparencyFigures }) {
  const { t } = useTranslation('transparency');
  const l = f.liabilities;
  return (
    <section className={styles.card} data-testid="transparency-liabilities">
      <h2 className={styles.title}>{t('liabilities.title')}</h2>
      {l ? (
        <dl className={styles.facts}>
          <div>
            <dt>{t('liabilities.date')}</dt>
            <dd>{l.date}</dd>
          </div>
          <div>
            <dt>{t('liabilities.total')}</dt>
            <dd data-testid="transparency-liabilities-total">{formatMoney(centsToMoney(l.total))}</dd>
          </div>
          <div>
            <dt>{t('liabilities.root')}</dt>
            <dd className={styles.hash} data-testid="transparency-liabilities-root">
              {l.root}
            </dd>
          </div>
        </dl>
      ) : (
        <p className={styles.note}>{t('liabilities.none')}</p>
      )}
      <p className={styles.note}>{t('liabilities.explain')}</p>
      <Link to={ROUTES.liabilities} className={styles.link} data-testid="transparency-proof-link">
        {t('liabilities.proofLink')} →
      </Link>
    </section>
  );
}

/**
 * Who pays Yu'e Bao's income: the platform, from its own equity. The interest paid so far, that equity, today's
 * income at the current rate and balances, and how many days the equity covers, as the job read them from the ledger.
 */
export function EarnCard({ f }: { f: TransparencyFigures }) {
  const { t, i18n } = useTranslation('transparency');
  const lang = i18n.language;
  // A record cached before this section existed has none: say so rather than show a number nobody computed.
  const e = f.earn as TransparencyFigures['earn'] | undefined;
  return (
    <section className={styles.card} data-testid="transparency-earn" id="earn">
      <h2 className={styles.title}>{t('earn.title')}</h2>
      <p className={styles.note}>{t('earn.explain')}</p>
      {!e ? (
        <p className={styles.note}>{t('earn.none')}</p>
      ) : (
        <>
          <dl className={styles.facts}>
            <div>
              <dt>{t('earn.interestPaid')}</dt>
              <dd data-testid="transparency-earn-paid">{formatMoney(e.interestPaid)}</dd>
            </div>
            <div>
              <dt>{t('earn.equity')}</dt>
              <dd data-testid="transparency-earn-equity">{formatMoney(e.equity)}</dd>
            </div>
            <div>
              <dt>{t('earn.dailyIncome')}</dt>
              <dd data-testid="transparency-earn-daily">{formatMoney(e.dailyIncome)}</dd>
            </div>
            <div>
              <dt>{t('earn.rate')}</dt>
              <dd>{formatShare(e.rate, lang)}</dd>
            </div>
          </dl>
          <p className={styles.figure} data-testid="transparency-earn-days" data-days={e.daysCovered ?? ''}>
            {t(`earn.${earnCoverState(e.daysCovered)}`, { days: e.daysCovered?.toLocaleString(lang) ?? '' })}
          </p>
        </>
      )}
    </section>
  );
}
