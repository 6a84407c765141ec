import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { compareDecimal, isDecimal, ratePercent } from '@candor/domain';
import { API, type OrderReceipt, type TickRef } from '@candor/contracts';
import { Button, EmptyState, ErrorState, Loading, PageHeader } from '../../components';
import { formatTimestamp } from '../../features/market/format';
import { fetchTicks, useReceipt } from '../../features/trading/hooks';
import { DirectionTag, OutcomeTag } from '../../features/trading/tags';
import { isApiError } from '../../lib/api';
import { errorText } from '../../lib/errors';
import { formatMoney, moneySign } from '../../lib/format';
import styles from '../../features/trading/trading.module.css';

/** A second either side of a tick: the window asked of the public tick record. */
function windowAround(iso: string): { from: string; to: string } {
  const t = Date.parse(iso);
  return { from: new Date(t - 1000).toISOString(), to: new Date(t + 1000).toISOString() };
}

function ticksUrl(symbol: string, tick: TickRef): string {
  const { from, to } = windowAround(tick.t);
  const qs = new URLSearchParams({ from, to }).toString();
  return `${window.location.origin}/api${API.products}/${encodeURIComponent(symbol)}/ticks?${qs}`;
}

type CheckState = { kind: 'idle' } | { kind: 'running' } | { kind: 'done'; entry: boolean; exit: boolean | null } | { kind: 'error'; message: string };

/** Does the public tick record hold this tick (same seq, or the same time and price), in the same block? */
async function inPublicRecord(symbol: string, tick: TickRef): Promise<boolean> {
  const { from, to } = windowAround(tick.t);
  const ticks = await fetchTicks(symbol, from, to);
  return ticks.some((k) => {
    const sameTick = k.seq !== undefined ? k.seq === tick.seq : Date.parse(k.t) === Date.parse(tick.t);
    const samePrice = isDecimal(k.price) && isDecimal(tick.price) && compareDecimal(k.price, tick.price) === 0;
    const sameBlock = k.blockHash === undefined || k.blockHash === tick.blockHash;
    return sameTick && samePrice && sameBlock;
  });
}

function TickCard({ title, tick, testId }: { title: string; tick: TickRef | null; testId: string }) {
  const { t, i18n } = useTranslation('trade');
  return (
    <section className={styles.card} data-testid={testId}>
      <h2 className={styles.cardTitle}>{title}</h2>
      {!tick ? (
        <p className={styles.muted}>{t('receipt.noExit')}</p>
      ) : (
        <dl className={styles.facts}>
          <div>
            <dt>{t('receipt.price')}</dt>
            <dd data-testid={`${testId}-price`}>{tick.price}</dd>
          </div>
          <div>
            <dt>{t('receipt.time')}</dt>
            <dd>{formatTimestamp(tick.t, i18n.language)}</dd>
          </div>
          <div>
            <dt>{t('receipt.utc')}</dt>
            <dd className={styles.hash}>{tick.t}</dd>
          </div>
          <div>
            <dt>{t('receipt.seq')}</dt>
            <dd>{tick.seq}</dd>
          </div>
          <div>
            <dt>{t('receipt.blockSecond')}</dt>
            <dd>{tick.blockSecond}</dd>
          </div>
          <div>
            <dt>{t('receipt.blockHash')}</dt>
            <dd className={styles.hash} data-testid={`${testId}-hash`}>
              {tick.blockHash}
            </dd>
          </div>
        </dl>
      )}
    </section>
  );
}

function ReceiptBody({ receipt }: { receipt: OrderReceipt }) {
  const { t, i18n } = useTranslation('trade');
  const [check, setCheck] = useState<CheckState>({ kind: 'idle' });
  const o = receipt.order;
  const sign = moneySign(o.pnl);

  const runCheck = async () => {
    setCheck({ kind: 'running' });
    try {
      const entry = await inPublicRecord(o.symbol, receipt.entryTick);
      const exit = receipt.exitTick ? await inPublicRecord(o.symbol, receipt.exitTick) : null;
      setCheck({ kind: 'done', entry, exit });
    } catch (e) {
      setCheck({ kind: 'error', message: errorText(e, t) });
    }
  };

  return (
    <div className={styles.receipt} data-testid="receipt">
      <section className={styles.card}>
        <div className={styles.orderHead}>
          <span className={styles.orderTitle}>
            {o.symbol}
            <DirectionTag direction={o.direction} />
          </span>
          <OutcomeTag outcome={o.outcome} />
        </div>
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
            <dt>{t('order.payoutRate')}</dt>
            <dd>{t('expiry.rate', { rate: ratePercent(o.payoutRate) })}</dd>
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
          ) : null}
        </dl>
      </section>

      <TickCard title={t('receipt.entry')} tick={receipt.entryTick} testId="receipt-entry" />
      <TickCard title={t('receipt.exit')} tick={receipt.exitTick} testId="receipt-exit" />

      <section className={styles.card}>
        <h2 className={styles.cardTitle}>{t('receipt.ruleTitle')}</h2>
        <ul className={styles.steps}>
          <li>{t('receipt.ruleClose')}</li>
          <li>{t('receipt.ruleUpDown')}</li>
          <li>{t('receipt.ruleTie')}</li>
          <li>{t('receipt.rulePayout')}</li>
        </ul>
      </section>

      <section className={styles.card}>
        <h2 className={styles.cardTitle}>{t('receipt.verifyTitle')}</h2>
        <ol className={styles.steps}>
          <li>
            {t('receipt.verifyTicks')}
            <code className={styles.code}>GET {ticksUrl(o.symbol, receipt.entryTick)}</code>
            {receipt.exitTick ? <code className={styles.code}>GET {ticksUrl(o.symbol, receipt.exitTick)}</code> : null}
          </li>
          <li>{t('receipt.verifyChain')}</li>
          <li>
            {t('receipt.verifyScript')}
            <code className={styles.code}>node scripts/verify-receipt.mjs {o.id}</code>
          </li>
        </ol>
        {receipt.verify ? <p className={styles.hint}>{receipt.verify}</p> : null}
        <Button variant="secondary" onClick={() => void runCheck()} loading={check.kind === 'running'} data-testid="receipt-check">
          {t('receipt.check')}
        </Button>
        {check.kind === 'done' ? (
          <p className={`${styles.check} ${check.entry && check.exit !== false ? styles.checkOk : styles.checkBad}`} role="status" data-testid="receipt-check-result">
            {check.entry && check.exit !== false ? t('receipt.checkOk') : t('receipt.checkBad')}
          </p>
        ) : check.kind === 'error' ? (
          <p className={`${styles.check} ${styles.checkBad}`} role="alert">
            {check.message}
          </p>
        ) : null}
      </section>
    </div>
  );
}

/** /pages/order/receipt?id=...: the two ticks an order used, the rule, and how to check them. */
export default function ReceiptPage() {
  const { t } = useTranslation('trade');
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  const receipt = useReceipt(id);
  return (
    <main className="page" data-testid="receipt-page">
      <PageHeader title={t('receipt.title')} back />
      {id === '' || (isApiError(receipt.error) && receipt.error.status === 404) ? (
        <EmptyState icon="doc" title={t('receipt.notFound')} />
      ) : receipt.isPending ? (
        <Loading />
      ) : receipt.isError ? (
        <ErrorState message={errorText(receipt.error, t)} onRetry={() => void receipt.refetch()} />
      ) : (
        <ReceiptBody receipt={receipt.data} />
      )}
    </main>
  );
}
