import { useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { ratePercent } from '@candor/domain';
import type { OrderReceipt, TickRef } from '@candor/contracts';
import { EmptyState, ErrorState, Loading, PageHeader, PageSkeleton } from '../../components';
import { formatPrice, formatTimestamp, localizeDecimal } from '../../lib/format';
import { venueName } from '../../lib/priceState';
import { useReceipt } from '../../features/trading/hooks';
import { useProduct } from '../../features/market/hooks';
import { ReceiptSources } from '../../features/trading/ReceiptSources';
import { useDurationLabel } from '../../features/trading/labels';
import { DirectionTag, OutcomeTag, VoidedTag } from '../../features/trading/tags';
import { isApiError } from '../../lib/api';
import { usePageNamespace } from '../../lib/i18n';
import { errorText } from '../../lib/errors';
import { formatMoney, moneySign } from '../../lib/format';
import styles from '../../features/trading/trading.module.css';
import { CheckOnDevice, VerifyCard } from './ReceiptVerify';
import rstyles from './receipt.module.css';

function TickCard({ title, tick, testId, voided = false }: { title: string; tick: TickRef | null; testId: string; voided?: boolean }) {
  const { t, i18n } = useTranslation('trade');
  return (
    <section className={styles.card} data-testid={testId}>
      <h2 className={styles.cardTitle}>{title}</h2>
      {!tick ? (
        <p className={styles.muted}>{voided ? t('receipt:noExitVoid') : t('receipt:noExit')}</p>
      ) : (
        <>
          <dl className={styles.facts}>
            <div>
              <dt>{t('receipt:price')}</dt>
              <dd data-testid={`${testId}-price`}>{formatPrice(tick.price, i18n.language)}</dd>
            </div>
            <div>
              <dt>{t('receipt:time')}</dt>
              <dd>{formatTimestamp(tick.t, i18n.language)}</dd>
            </div>
            <div>
              <dt>{t('receipt:utc')}</dt>
              <dd className={styles.hash}>{tick.t}</dd>
            </div>
            <div>
              <dt>{t('receipt:seq')}</dt>
              <dd>{tick.seq}</dd>
            </div>
            <div>
              <dt>{t('receipt:blockSecond')}</dt>
              <dd>{tick.blockSecond}</dd>
            </div>
            <div>
              <dt>{t('receipt:blockHash')}</dt>
              <dd className={styles.hash} data-testid={`${testId}-hash`}>
                {tick.blockHash}
              </dd>
            </div>
          </dl>
          <ReceiptSources tick={tick} testId={testId} />
        </>
      )}
    </section>
  );
}

/** How the close was chosen: at expiry, on the first valid tick after a halt, or none (voided, refunded); with the halt's reason and times. */
function CloseRuleFacts({ receipt }: { receipt: OrderReceipt }) {
  const { t, i18n } = useTranslation('trade');
  const rule = receipt.closeRule;
  const halt = receipt.halt;
  // No halt recorded, yet the halt rule: the last price before the expiry was older than the staleness limit.
  const gap = halt ? undefined : receipt.gap;
  return (
    <dl className={styles.facts} data-testid="receipt-close-rule" data-rule={rule ?? 'open'} data-gap={gap ? 'true' : undefined}>
      <div>
        <dt>{t('receipt:close.label')}</dt>
        <dd>{rule ? t(`receipt:close.${rule}`) : t('receipt:close.pending')}</dd>
      </div>
      {halt ? (
        <>
          <div>
            <dt>{t('receipt:close.haltReason')}</dt>
            <dd data-testid="receipt-halt-reason">{t(`receipt:close.reasons.${halt.reason}`)}</dd>
          </div>
          <div>
            <dt>{t('receipt:close.haltFrom')}</dt>
            <dd>{formatTimestamp(halt.startedAt, i18n.language)}</dd>
          </div>
          <div>
            <dt>{t('receipt:close.haltUntil')}</dt>
            <dd>{halt.endedAt ? formatTimestamp(halt.endedAt, i18n.language) : t('receipt:close.stillHalted')}</dd>
          </div>
        </>
      ) : null}
      {gap ? (
        <>
          <div>
            <dt>{t('receipt:close.gapLast')}</dt>
            <dd data-testid="receipt-gap-last">{gap.lastTickAt ? formatTimestamp(gap.lastTickAt, i18n.language) : t('receipt:close.gapNone')}</dd>
          </div>
          <div>
            <dt>{t('receipt:close.staleLimit')}</dt>
            <dd>{t('receipt:close.seconds', { value: gap.staleMs / 1000 })}</dd>
          </div>
        </>
      ) : null}
      {rule === 'halt' || rule === 'void' ? (
        <div>
          <dt>{t('receipt:close.grace')}</dt>
          <dd>{t('receipt:close.seconds', { value: receipt.graceMs / 1000 })}</dd>
        </div>
      ) : null}
    </dl>
  );
}

/** How the close was chosen, in a sentence: the expiry rule, or the halt rule after a halt or a gap in the prices. */
function closeText(receipt: OrderReceipt, t: (key: string, values?: Record<string, string | number>) => string): string {
  const grace = receipt.graceMs / 1000;
  const gap = !receipt.halt && receipt.gap ? { stale: receipt.gap.staleMs / 1000 } : null;
  const amount = formatMoney(receipt.order.amount);
  if (receipt.closeRule === 'void')
    return gap ? t('receipt:close.gapVoidText', { stale: gap.stale, grace, amount }) : t('receipt:close.voidText', { grace, amount });
  if (receipt.closeRule === 'halt') return gap ? t('receipt:close.gapHaltText', { stale: gap.stale, grace }) : t('receipt:close.haltText', { grace });
  return t('receipt:ruleClose');
}

/**
 * The terms the order opened with and keeps whatever the catalogue does later: its duration, rate, the
 * decimals its prices compare at, and the exchange markets its prices came from.
 */
function OpeningTerms({ order: o }: { order: OrderReceipt['order'] }) {
  const { t, i18n } = useTranslation('trade');
  const durationLabel = useDurationLabel();
  const markets = o.priceVenues ?? [];
  return (
    <section className={styles.card} data-testid="receipt-terms">
      <h2 className={styles.cardTitle}>{t('receipt:terms.title')}</h2>
      <dl className={styles.facts}>
        <div>
          <dt>{t('order.duration')}</dt>
          <dd>{durationLabel(o.durationSeconds)}</dd>
        </div>
        <div>
          <dt>{t('order.payoutRate')}</dt>
          <dd>{t('percent', { value: localizeDecimal(ratePercent(o.payoutRate), i18n.language) })}</dd>
        </div>
        <div>
          <dt>{t('receipt:terms.precision')}</dt>
          <dd data-testid="receipt-precision">{o.precision}</dd>
        </div>
        <div>
          <dt>{t('receipt:terms.markets')}</dt>
          <dd data-testid="receipt-markets">
            {markets.length === 0 ? (
              t('receipt:terms.simulated')
            ) : (
              <ul className={styles.termsMarkets}>
                {markets.map((m) => (
                  <li key={`${m.venue}-${m.symbol}`}>
                    {venueName(m.venue)} {m.symbol}
                  </li>
                ))}
              </ul>
            )}
          </dd>
        </div>
      </dl>
      {Number.isSafeInteger(o.precision) ? <p className={styles.hint}>{t('receipt:terms.note', { precision: o.precision })}</p> : null}
    </section>
  );
}

/** The order's facts: number, account, stake, expiry, and its payout and result or its refund. */
function OrderFacts({ order: o }: { order: OrderReceipt['order'] }) {
  const { t, i18n } = useTranslation('trade');
  const sign = moneySign(o.pnl);
  return (
    <section className={styles.card}>
      <h2 className={styles.cardTitle}>{t('receipt:summary.order')}</h2>
      <dl className={styles.facts}>
        <div>
          <dt>{t('order.orderNo')}</dt>
          <dd data-testid="receipt-order-no">{o.orderNo}</dd>
        </div>
        <div>
          <dt>{t('order.account')}</dt>
          <dd>{t(`account.${o.account}`)}</dd>
        </div>
        <div>
          <dt>{t('order.amount')}</dt>
          <dd>{formatMoney(o.amount)}</dd>
        </div>
        <div>
          <dt>{t('order.expiresAt')}</dt>
          <dd>{formatTimestamp(o.expiresAt, i18n.language)}</dd>
        </div>
        {o.status === 'settled' ? (
          <>
            <div>
              <dt>{t('order.payout')}</dt>
              <dd>{formatMoney(o.payout ?? '0.00')}</dd>
            </div>
            <div>
              <dt>{t('order.pnl')}</dt>
              <dd className={sign > 0 ? styles.pnlUp : sign < 0 ? styles.pnlDown : undefined}>{formatMoney(o.pnl ?? '0.00', { sign: true })}</dd>
            </div>
          </>
        ) : o.status === 'voided' ? (
          <>
            <div>
              <dt>{t('receipt:refunded')}</dt>
              <dd data-testid="receipt-refunded">{formatMoney(o.payout ?? o.amount)}</dd>
            </div>
            {o.voidedAt ? (
              <div>
                <dt>{t('receipt:voidedAt')}</dt>
                <dd>{formatTimestamp(o.voidedAt, i18n.language)}</dd>
              </div>
            ) : null}
          </>
        ) : null}
      </dl>
    </section>
  );
}

/** The headline: won or lost and by how much, a tie's or a void's refund, or "not settled yet". */
function headline(o: OrderReceipt['order'], t: (key: string, values?: Record<string, string>) => string): { text: string; kind: string } {
  if (o.status === 'voided') return { text: t('receipt:summary.voided', { amount: formatMoney(o.payout ?? o.amount) }), kind: 'void' };
  if (o.status !== 'settled' || !o.outcome) return { text: t('receipt:summary.open'), kind: 'open' };
  // "Won" and "lost" carry the sign in words: the amount is shown without one.
  const by = formatMoney(o.pnl ?? '0.00').replace(/^[-+−]/, '');
  if (o.outcome === 'win') return { text: t('receipt:summary.won', { amount: by }), kind: 'win' };
  if (o.outcome === 'loss') return { text: t('receipt:summary.lost', { amount: by }), kind: 'loss' };
  return { text: t('receipt:summary.tie', { amount: formatMoney(o.amount) }), kind: 'tie' };
}

/** One of the two prices the result compares, with its time. */
function PriceAt({ label, tick, testId, missing }: { label: string; tick: TickRef | null; testId: string; missing: string }) {
  const { i18n } = useTranslation('trade');
  return (
    <div className={rstyles.price} data-testid={testId}>
      <span className={rstyles.priceLabel}>{label}</span>
      {tick ? (
        <>
          <span className={`num ${rstyles.priceValue}`} data-testid={`${testId}-price`}>
            {formatPrice(tick.price, i18n.language)}
          </span>
          <span className={rstyles.priceTime} data-testid={`${testId}-time`}>
            {formatTimestamp(tick.t, i18n.language)}
          </span>
        </>
      ) : (
        <span className={rstyles.priceTime}>{missing}</span>
      )}
    </div>
  );
}

/**
 * What a trader asks first: the product, won or lost and by how much, the two prices and their times, and
 * a check of it all on this device; the proof (order facts, terms, ticks with their hashes and blocks, the
 * rules and the commands) one tap below.
 */
function ReceiptBody({ receipt, reload }: { receipt: OrderReceipt; reload: () => Promise<OrderReceipt | undefined> }) {
  const { t } = useTranslation('trade');
  const o = receipt.order;
  const product = useProduct(o.symbol);
  const name = product.data?.name ?? o.symbol;
  const head = headline(o, (key, values) => t(key as 'receipt:title', values));

  return (
    <div className={styles.receipt} data-testid="receipt">
      <section className={styles.card} data-testid="receipt-result" data-kind={head.kind}>
        <div className={styles.orderHead}>
          <span className={styles.orderTitle}>
            <span data-testid="receipt-product">{name}</span>
            <DirectionTag direction={o.direction} />
          </span>
          {o.status === 'voided' ? <VoidedTag /> : <OutcomeTag outcome={o.outcome} />}
        </div>
        <p className={`${rstyles.headline} ${head.kind === 'win' ? styles.pnlUp : head.kind === 'loss' ? styles.pnlDown : ''}`} data-testid="receipt-headline">
          {head.text}
        </p>
        <p className={styles.muted}>{t('receipt:summary.stake', { amount: formatMoney(o.amount) })}</p>
        <div className={rstyles.prices}>
          <PriceAt label={t('receipt:summary.entry')} tick={receipt.entryTick} testId="receipt-summary-entry" missing="--" />
          <PriceAt
            label={t('receipt:summary.exit')}
            tick={receipt.exitTick}
            testId="receipt-summary-exit"
            missing={o.status === 'voided' ? t('receipt:summary.noExitVoid') : t('receipt:noExit')}
          />
        </div>
        <CheckOnDevice receipt={receipt} reload={reload} />
      </section>

      <details className={rstyles.proof} data-testid="receipt-proof">
        <summary data-testid="receipt-proof-toggle">{t('receipt:summary.proof')}</summary>
        <div className={styles.receipt}>
          <OrderFacts order={o} />
          <OpeningTerms order={o} />
          <TickCard title={t('receipt:entry')} tick={receipt.entryTick} testId="receipt-entry" />
          <TickCard title={t('receipt:exit')} tick={receipt.exitTick} testId="receipt-exit" voided={o.status === 'voided'} />
          <section className={styles.card}>
            <h2 className={styles.cardTitle}>{t('receipt:ruleTitle')}</h2>
            <CloseRuleFacts receipt={receipt} />
            <ul className={styles.steps}>
              <li data-testid="receipt-rule-close">{closeText(receipt, t)}</li>
              <li>{t('receipt:ruleUpDown')}</li>
              <li>{t('receipt:ruleTie')}</li>
              <li>{t('receipt:rulePayout')}</li>
            </ul>
          </section>
          <VerifyCard receipt={receipt} />
        </div>
      </details>
    </div>
  );
}

/**
 * /pages/order/receipt?id=...: the two ticks an order used with the exchange quotes behind them, the close
 * rule, and how to check them. Its text (the `receipt` namespace) is loaded with the page, not with the app.
 */
export default function ReceiptPage() {
  const { t } = useTranslation('trade');
  const ns = usePageNamespace('receipt');
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  const receipt = useReceipt(id);
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
  return (
    <main className="page" data-testid="receipt-page">
      <PageHeader title={t('receipt:title')} back />
      {id === '' || (isApiError(receipt.error) && receipt.error.status === 404) ? (
        <EmptyState icon="doc" title={t('receipt:notFound')} />
      ) : receipt.isPending ? (
        <Loading />
      ) : receipt.isError ? (
        <ErrorState message={errorText(receipt.error, t)} onRetry={() => void receipt.refetch()} />
      ) : (
        <ReceiptBody receipt={receipt.data} reload={async () => (await receipt.refetch()).data} />
      )}
    </main>
  );
}
