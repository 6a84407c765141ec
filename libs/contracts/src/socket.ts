import type { KycView } from './kyc.js';
import type { CandleInterval } from './lists.js';
import type { HaltReason, ProductStatus } from './market.js';
import type { Order } from './orders.js';
import type { Wallet } from './wallet.js';
import type { AdminSupportMessage, SupportMessage, SupportNote, SupportTyping } from './support.js';

export const channel = {
  ticker: (symbol: string) => `ticker:${symbol}`,
  candles: (symbol: string, interval: CandleInterval) => `candles:${symbol}:${interval}`,
  user: (userId: string) => `user:${userId}`,
};
export const PUBLIC_CHANNEL = /^(ticker:[A-Z0-9]{2,20}|candles:[A-Z0-9]{2,20}:(1m|5m|15m|1h|1d))$/;

export interface TickerEvent {
  symbol: string;
  price: string;
  t: string;
  change24h: string;
  high24h: string | null;
  low24h: string | null;
  volume24h: string;
  amount24h?: string;
  seq?: string;
  /** A price made from exchange quotes: how many quotes it used, of how many exchanges. */
  sourcesUsed?: number;
  sourcesTotal?: number;
}
export interface CandleEvent {
  symbol: string;
  interval: CandleInterval;
  t: string;
  o: string;
  h: string;
  l: string;
  c: string;
  v: string;
}
export interface MarketEvent {
  symbol: string;
  status: ProductStatus;
  nextOpenAt?: string;
  /** With status `halted`: why. A resume is an event with the status it returns to and no haltReason. */
  haltReason?: HaltReason;
}

/** Server -> client events: the one map both ends use. */
export interface ServerToClientEvents {
  ticker: (e: TickerEvent) => void;
  candle: (e: CandleEvent) => void;
  market: (e: MarketEvent) => void;
  order: (e: Order) => void;
  wallet: (e: Wallet) => void;
  message: (e: { id: string; title: string; body: string; createdAt: string; read: boolean }) => void;
  /** A support chat message, new or with a new status (the agents' room gets `AdminSupportMessage`). */
  support: (e: SupportMessage | AdminSupportMessage) => void;
  /** Someone is typing on the other side of a support conversation. */
  'support:typing': (e: SupportTyping) => void;
  /** Agents' room only: an internal note was added. */
  'support:note': (e: SupportNote) => void;
  /** Agents' room only: a conversation was assigned, closed or reopened. */
  'support:conversation': (e: { id: string }) => void;
  /** The user's verification, on each decision (the same as `GET /api/kyc`). */
  kyc: (e: KycView) => void;
}
/**
 * The answer to `subscribe`: `channels` the socket is now in, `refused` the names it is not (another user's
 * room, an unknown product, over the limit); `ok` when nothing was refused. A malformed message (no list, or
 * more than 20 names) is refused whole: `ok: false` with both lists empty.
 */
export interface SubscribeAck {
  ok: boolean;
  channels: string[];
  refused: string[];
}
export interface ClientToServerEvents {
  subscribe: (p: { channels: string[] }, ack?: (r: SubscribeAck) => void) => void;
  unsubscribe: (p: { channels: string[] }, ack?: (r: { ok: boolean }) => void) => void;
  /** The sender is typing: a user names no conversation (theirs is meant), an agent names one. */
  'support:typing': (p: { conversationId?: string }) => void;
}
