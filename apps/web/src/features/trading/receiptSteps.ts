import type { OrderReceipt } from '@candor/contracts';
import { receiptRecordSeconds } from '@candor/domain';
import { productPath } from '../../lib/endpoints';

/**
 * The check step by step with this order's own numbers, as translation keys and their values: the
 * same steps as the API's English `verify` text, in the reader's language.
 */
export interface TechnicalStep {
  key: string;
  values: Record<string, string | number>;
  /** Continues the previous step's paragraph (the exit tick's sentence after step 3). */
  continues?: true;
}

export function technicalSteps(receipt: OrderReceipt, origin: string): TechnicalStep[] {
  const o = receipt.order;
  const rule = receipt.closeRule;
  const expiry = Date.parse(o.expiresAt);
  // A voided order's record runs past the grace period, where no tick came.
  const end = Date.parse(o.closedAt ?? o.expiresAt) + (rule === 'void' ? receipt.graceMs : 0);
  const { from, to } = receiptRecordSeconds(Date.parse(o.openedAt), end);
  const base = `${origin}/api${productPath(o.symbol)}`;
  const exit = receipt.exitTick;
  const grace = receipt.graceMs / 1000;
  const expiresAt = new Date(expiry).toISOString();
  const steps: TechnicalStep[] = [
    { key: 'receipt:tech.records', values: { symbol: o.symbol, from, to, blocks: `GET ${base}/blocks?from=${from}&to=${to}`, ticks: `GET ${base}/ticks` } },
    { key: 'receipt:tech.chain', values: { command: `node scripts/verify-chain.mjs ${o.symbol} ${from} ${to} --api ${origin}` } },
  ];
  if (receipt.entryTick.sources || exit?.sources) {
    steps.push({ key: 'receipt:tech.venues', values: { command: `node scripts/verify-venues.mjs ${o.id}` }, continues: true });
  }
  steps.push({ key: 'receipt:tech.ticks', values: { seq: receipt.entryTick.seq, price: receipt.entryTick.price } });
  // No halt recorded, yet the halt rule: the last price before the expiry was older than the staleness limit.
  const gap = !receipt.halt && receipt.gap ? { stale: receipt.gap.staleMs / 1000 } : null;
  const graceEnd = new Date(expiry + receipt.graceMs).toISOString();
  if (rule === 'void' && gap) {
    steps.push({ key: 'receipt:tech.exitGapVoid', values: { expiresAt, stale: gap.stale, graceEnd }, continues: true });
  } else if (rule === 'void') {
    steps.push({ key: 'receipt:tech.exitVoid', values: { expiresAt, grace, graceEnd }, continues: true });
  } else if (exit && rule === 'halt' && gap) {
    steps.push({ key: 'receipt:tech.exitGap', values: { seq: exit.seq, price: exit.price, expiresAt, stale: gap.stale, grace }, continues: true });
  } else if (exit && rule === 'halt') {
    steps.push({ key: 'receipt:tech.exitHalt', values: { seq: exit.seq, price: exit.price, expiresAt, grace }, continues: true });
  } else if (exit) {
    steps.push({ key: 'receipt:tech.exit', values: { seq: exit.seq, price: exit.price, expiresAt }, continues: true });
  } else {
    steps.push({ key: 'receipt:tech.exitPending', values: {}, continues: true });
  }
  steps.push({ key: 'receipt:tech.result', values: { rate: o.payoutRate } });
  return steps;
}

/** The steps as text, one paragraph per step. */
export function technicalText(steps: readonly TechnicalStep[], t: (key: string, values: Record<string, string | number>) => string): string {
  return steps.reduce((text, s) => {
    const line = t(s.key, s.values);
    return text === '' ? line : `${text}${s.continues ? ' ' : '\n'}${line}`;
  }, '');
}
