import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { OrderReceipt, TickRef } from '@candor/contracts';
import { Button } from '../../components';
import { fetchBlocks, reportReceiptChecked } from '../../features/trading/hooks';
import { blockRange, fetchBlockRange, judgeReceipt, type ReceiptVerdict } from '../../features/trading/receiptCheck';
import { technicalSteps, technicalText } from '../../features/trading/receiptSteps';
import { productPath } from '../../lib/endpoints';
import { errorText } from '../../lib/errors';
import styles from '../../features/trading/trading.module.css';
import rstyles from './receipt.module.css';

/** A second either side of a tick: the window asked of the public tick record. */
function windowAround(iso: string): { from: string; to: string } {
  const t = Date.parse(iso);
  return { from: new Date(t - 1000).toISOString(), to: new Date(t + 1000).toISOString() };
}

function ticksUrl(symbol: string, tick: TickRef): string {
  const { from, to } = windowAround(tick.t);
  // ISO times need no escaping in a query string; left readable so the line can be copied as is.
  return `${window.location.origin}/api${productPath(symbol)}/ticks?from=${from}&to=${to}`;
}

type CheckState = { kind: 'idle' } | { kind: 'running' } | { kind: 'done'; verdict: ReceiptVerdict } | { kind: 'error'; message: string };

/** The verdict of the on-device check in words: what was verified, for this receipt's close rule. */
function verdictText(receipt: OrderReceipt, verdict: ReceiptVerdict, t: (key: string, values?: Record<string, string>) => string): string {
  if (verdict.ok) {
    const quoted = Boolean(receipt.entryTick.sources || receipt.exitTick?.sources);
    const gap = !receipt.halt && receipt.gap;
    const base =
      receipt.closeRule === 'void'
        ? t(gap ? 'receipt:checkOkGapVoid' : 'receipt:checkOkVoid')
        : receipt.closeRule === 'halt'
          ? t(gap ? 'receipt:checkOkGap' : 'receipt:checkOkHalt')
          : t('receipt:checkOk');
    return quoted ? `${base} ${t('receipt:checkOkSources')}` : base;
  }
  if (verdict.reason === 'unsealed' || verdict.reason === 'incomplete' || verdict.reason === 'graceOpen') return t(`receipt:wait.${verdict.reason}`);
  return t('receipt:checkBad', { reason: t(`receipt:fail.${verdict.reason}`) });
}

/** The on-device check: the blocks of the receipt's period read from the api and judged against it. */
export function useReceiptCheck(receipt: OrderReceipt, reload: () => Promise<OrderReceipt | undefined>) {
  const { t } = useTranslation('trade');
  const [check, setCheck] = useState<CheckState>({ kind: 'idle' });
  const run = async () => {
    setCheck({ kind: 'running' });
    try {
      // A tick whose second was not sealed when the receipt was read has its block now, or soon: read it again.
      const unsealed = !receipt.entryTick.blockHash || (receipt.exitTick !== null && !receipt.exitTick.blockHash);
      const current = unsealed ? ((await reload()) ?? receipt) : receipt;
      const range = blockRange(current);
      if (!range) {
        setCheck({ kind: 'done', verdict: { ok: false, reason: 'unsealed' } });
        return;
      }
      const blocks = await fetchBlockRange(range, (from, to) => fetchBlocks(current.order.symbol, from, to));
      const verdict = judgeReceipt(current, blocks);
      setCheck({ kind: 'done', verdict });
      // A passing check of a settled or voided order counts once in the public figures.
      if (verdict.ok && current.order.status !== 'open') void reportReceiptChecked(current.order.id);
    } catch (e) {
      setCheck({ kind: 'error', message: errorText(e, t) });
    }
  };
  return { check, run };
}

/** The "verify on this device" button, what it checks in a line, and its verdict in words. */
export function CheckOnDevice({ receipt, reload }: { receipt: OrderReceipt; reload: () => Promise<OrderReceipt | undefined> }) {
  const { t } = useTranslation('trade');
  const { check, run } = useReceiptCheck(receipt, reload);
  return (
    <div className={rstyles.checkBlock}>
      <Button variant="secondary" block onClick={() => void run()} loading={check.kind === 'running'} data-testid="receipt-check">
        {t('receipt:check')}
      </Button>
      {check.kind === 'done' ? (
        <p
          className={`${styles.check} ${check.verdict.ok ? styles.checkOk : styles.checkBad}`}
          role="status"
          data-testid="receipt-check-result"
          data-ok={check.verdict.ok}
          data-reason={check.verdict.ok ? undefined : check.verdict.reason}
        >
          {verdictText(receipt, check.verdict, (key, values) => t(key as 'receipt:checkOk', values))}
        </p>
      ) : check.kind === 'error' ? (
        <p className={`${styles.check} ${styles.checkBad}`} role="alert">
          {check.message}
        </p>
      ) : (
        <p className={styles.hint}>{t('receipt:checkExplain')}</p>
      )}
    </div>
  );
}

/** How to check the receipt without the app: the public records to read, the script that checks them, the steps in full. */
export function VerifyCard({ receipt }: { receipt: OrderReceipt }) {
  const { t } = useTranslation('trade');
  const o = receipt.order;
  return (
    <section className={styles.card}>
      <h2 className={styles.cardTitle}>{t('receipt:verifyTitle')}</h2>
      <ol className={styles.steps}>
        <li>
          {t('receipt:verifyTicks')}
          <code className={styles.code}>GET {ticksUrl(o.symbol, receipt.entryTick)}</code>
          {receipt.exitTick ? <code className={styles.code}>GET {ticksUrl(o.symbol, receipt.exitTick)}</code> : null}
        </li>
        <li>{t('receipt:verifyChain')}</li>
        <li>
          {t('receipt:verifyScript')}
          <code className={styles.code}>node scripts/verify-receipt.mjs {o.id}</code>
        </li>
      </ol>
      <details className={styles.details}>
        <summary>{t('receipt:technical')}</summary>
        <pre className={styles.code} data-testid="receipt-technical">
          {technicalText(technicalSteps(receipt, window.location.origin), (key, values) => t(key, values))}
        </pre>
      </details>
    </section>
  );
}
