import type { OrderReceipt } from '@candor/contracts';
import { receiptRecordSeconds } from '@candor/domain';
import { productPath } from '../market/paths';

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
  const { from, to } = receiptRecordSeconds(Date.parse(o.openedAt), Date.parse(o.closedAt ?? o.expiresAt));
  const base = `${origin}/api${productPath(o.symbol)}`;
  const exit = receipt.exitTick;
  return [
    { key: 'receipt.tech.records', values: { symbol: o.symbol, from, to, blocks: `GET ${base}/blocks?from=${from}&to=${to}`, ticks: `GET ${base}/ticks` } },
    { key: 'receipt.tech.chain', values: { command: `node scripts/verify-chain.mjs ${o.symbol} ${from} ${to} --api ${origin}` } },
    { key: 'receipt.tech.ticks', values: { seq: receipt.entryTick.seq, price: receipt.entryTick.price } },
    exit
      ? { key: 'receipt.tech.exit', values: { seq: exit.seq, price: exit.price, expiresAt: new Date(o.expiresAt).toISOString() }, continues: true }
      : { key: 'receipt.tech.exitPending', values: {}, continues: true },
    { key: 'receipt.tech.result', values: { rate: o.payoutRate } },
  ];
}

/** The steps as text, one paragraph per step. */
export function technicalText(steps: readonly TechnicalStep[], t: (key: string, values: Record<string, string | number>) => string): string {
  return steps.reduce((text, s) => {
    const line = t(s.key, s.values);
    return text === '' ? line : `${text}${s.continues ? ' ' : '\n'}${line}`;
  }, '');
}
