export const DEFAULT_REST_URLS: Record<'binance' | 'okx' | 'coinbase' | 'kraken', string>;
export function decimal(text: string): [bigint, number] | null;
export function judgeQuote(
  quote: { bid: string; ask: string },
  range: { low: string; high: string },
  toleranceBps: number,
): { pass: boolean; mid?: string; note: string };
export interface SecondRange {
  low: [bigint, number];
  high: [bigint, number];
  trades: number | null;
}
export type HistoryFetcher = (
  base: string,
  symbol: string,
  fromSecond: number,
  toSecond: number,
  hint?: { venueId: string | null },
) => Promise<{ seconds: Map<number, SecondRange>; source: string; requests: number }>;
export const HISTORY: Record<'binance' | 'okx' | 'coinbase' | 'kraken', HistoryFetcher>;
export function krakenRestPair(symbol: string): string;
export function quoteSecond(source: { venueTs: string | null; receivedAt: string }): { second: number; clock: string };
export function rangeAround(
  seconds: Map<number, SecondRange>,
  second: number,
  widen: number,
): { low: string; high: string; widenedBy: number; trades: number | null } | null;
export interface CheckedQuote {
  tick: string;
  venue: string;
  symbol: string | null;
  bid: string;
  ask: string;
  used: boolean;
  reason?: string;
  status: 'ok' | 'OUT OF RANGE' | 'unchecked' | 'skipped';
  note?: string;
  second?: number;
  low?: string;
  high?: string;
  widenedBy?: number;
  mid?: string;
}
export function checkTicks(
  ticks: { seq: string; sources?: unknown[] | null }[],
  opts: { markets: Record<string, string>; urls: Record<string, string>; toleranceBps: number; widen: number; history?: Record<string, HistoryFetcher> },
): Promise<{ quotes: CheckedQuote[]; pass: boolean }>;
export function findTick(
  api: string,
  symbol: string,
  seq: string,
  opts?: { atSecond?: number | null; days?: number; nowSecond?: number },
): Promise<{ seq: string; t: string; price: string; sources?: unknown[] } | null>;
