import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import type { ProductEntity } from '@candor/db';
import { isTickFresh, receiptRecordSeconds } from '@candor/domain';
import {
  channel,
  type CloseRule,
  type HaltReason,
  type Order,
  type OrderReceipt,
  type Page,
  type PlaceOrderBody,
  type TickRef,
  type Wallet,
} from '@candor/contracts';
import { DomainError } from '../common/domain-error.js';
import { answerOrRethrow, findIdempotent, idempotencyClaim, type IdempotentResult } from '../common/idempotency.js';
import { APP_CONFIG, type AppConfig } from '../config/config.js';
import { LedgerService } from '../ledger/ledger.service.js';
import { toCents } from '../database/rows.js';
import { MarketService } from '../market/market.service.js';
import { PriceSources } from '../market/price-sources.js';
import { RealtimeGateway } from '../realtime/realtime.gateway.js';
import { toCommand } from './order-command.js';
import { catalogueTerms, tickTerms } from './order-terms.js';
import { toWallet } from '../wallet/wallet-view.js';
import { scaleOf, toOrder, type OrderRow, type OrderViewRow } from './order-view.js';
import { OrderBatcher } from './order-batcher.js';
import { OrderNumbers } from './order-numbers.js';
import { OrdersRepository, type ListQuery, type PlaceStatement, type TickWithBlock } from './orders.repository.js';
import { LimitsService } from '../limits/limits.service.js';
import { SettlementQueue } from './settlement/settlement-queue.js';

export const PLACE_ORDER_SCOPE = 'POST /api/orders';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Placing and reading a user's orders. Opening uses the server's clock and the server's
 * latest tick only; the stake moves cash -> escrow (demo: demo -> demo_escrow) in the transaction
 * that inserts the order. Settlement is the worker's (orders/settlement).
 */
@Injectable()
export class OrdersService {
  private readonly openMemo = new WeakMap<ProductEntity, Map<number, boolean>>();

  constructor(
    private readonly ledger: LedgerService,
    private readonly market: MarketService,
    private readonly repo: OrdersRepository,
    private readonly batcher: OrderBatcher,
    private readonly settlementQueue: SettlementQueue,
    private readonly orderNumbers: OrderNumbers,
    private readonly gateway: RealtimeGateway,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @InjectDataSource() private readonly ds: DataSource,
    private readonly sources: PriceSources,
    private readonly limits: LimitsService,
  ) {}

  /**
   * Places an order. Checks, in this order: symbol known (else 400 VALIDATION_FAILED on `symbol`),
   * duration offered (422 EXPIRY_NOT_OFFERED), stake within the product's limits (422
   * AMOUNT_OUT_OF_RANGE), market open now and at expiry (422 MARKET_CLOSED), a valid exchange price
   * (422 MARKET_HALTED with the reason), for the real account a price made from exchanges (422
   * PRICE_SIMULATED: no setting lets real money trade on a simulated price), latest tick under 3 s old
   * (422 MARKET_DATA_STALE), for the real account the user's own limits (403 SELF_EXCLUDED, 422 LIMIT_REACHED),
   * balance (422 INSUFFICIENT_BALANCE, from the ledger's conditional debit).
   * `openedAt`/`openPrice` are the latest tick's; `expiresAt` = the first whole second at or after the request time + duration.
   */
  async place(userId: string, body: PlaceOrderBody, idempotencyKey: unknown): Promise<IdempotentResult<Order>> {
    const cmd = toCommand(body);
    const claim = idempotencyClaim(idempotencyKey, userId, PLACE_ORDER_SCOPE, cmd);
    let result: IdempotentResult<Order>;
    let expiresAtMs: number;
    let placedWallet: Wallet | null = null;
    try {
      const product = await this.market.getProductRow(cmd.symbol);
      if (!product || !product.enabled) throw new DomainError('VALIDATION_FAILED', 'symbol');
      const now = Date.now();
      const terms = catalogueTerms(product, cmd, now, (ms) => this.openAt(product, ms));
      expiresAtMs = terms.expiresAtMs;
      await this.sources.fresh();
      const halt = this.sources.halt(cmd.symbol);
      if (halt) throw new DomainError('MARKET_HALTED', undefined, {}, { reason: halt.reason });
      // Real money only on prices made from public exchanges: the product's source, and the very tick it opens on.
      if (cmd.account === 'real' && this.sources.priceSource(product).kind !== 'venues') throw new DomainError('PRICE_SIMULATED');
      const tick = await this.market.latestTick(cmd.symbol);
      if (!tick || !isTickFresh(tick.t.getTime(), now)) throw new DomainError('MARKET_DATA_STALE');
      if (cmd.account === 'real' && tick.kind !== 'venues') throw new DomainError('PRICE_SIMULATED');
      const opened = tickTerms(product, { price: String(tick.price), ...(tick.kind ? { kind: tick.kind } : {}) });

      const ids = await this.ledger.userAccountIds(this.ds.manager, userId);
      const id = randomUUID();
      const real = cmd.account === 'real';
      const row: OrderViewRow = {
        id,
        order_no: await this.orderNumbers.next(new Date(now)),
        account: cmd.account,
        symbol: cmd.symbol,
        direction: cmd.direction,
        amount: String(cmd.amountCents),
        duration_seconds: cmd.durationSeconds,
        payout_rate: terms.payoutRate,
        open_price: String(tick.price),
        open_tick_seq: String(tick.seq),
        opened_at: tick.t,
        expires_at: new Date(expiresAtMs),
        status: 'open',
        close_price: null,
        close_tick_seq: null,
        closed_at: null,
        outcome: null,
        payout: null,
        pnl: null,
        // the decimals of the very tick it opens on, and the markets that tick was made from
        precision: opened.precision,
        price_venues: opened.priceVenues,
      };
      // The whole answer is known before the one statement that stores the order, its stake and the key.
      const order = toOrder(row);
      const statement: PlaceStatement = {
        order: {
          id,
          orderNo: row.order_no,
          userId,
          account: cmd.account,
          symbol: cmd.symbol,
          direction: cmd.direction,
          amountCents: cmd.amountCents,
          durationSeconds: cmd.durationSeconds,
          payoutRate: row.payout_rate,
          openPrice: row.open_price,
          openTickSeq: row.open_tick_seq,
          openedAt: tick.t,
          expiresAt: new Date(expiresAtMs),
          precision: row.precision!,
          priceVenues: row.price_venues!,
        },
        from: real ? ids.cash : ids.demo,
        to: real ? ids.escrow : ids.demo_escrow,
        claim: claim ? { ...claim, status: 201, response: order } : null,
      };
      // A user who set responsible-trading limits places real orders one by one, each checked in its own
      // transaction with their limits row locked; everyone else's orders share the batcher's statements.
      const placed =
        real && (await this.limits.guardsOrders(userId))
          ? await this.ledger.transaction(async (em) => {
              await this.limits.guardOrder(em, userId, cmd.amountCents);
              return this.repo.placeIn(em, statement);
            })
          : await this.batcher.place(statement);
      if (!placed.placed) {
        // The key was taken by an earlier request (committed first): its answer, or 409 for another request.
        const earlier = await findIdempotent<Order>(this.ds.manager, claim!);
        if (!earlier) throw new Error('order not placed, and its idempotency key has no answer');
        return earlier;
      }
      result = { status: 201, body: order, replayed: false };
      placedWallet = walletFromBalances(placed.balances);
    } catch (e) {
      // A repeated key whose first request succeeded answers that success, even if this attempt would now be refused.
      return answerOrRethrow<Order>(this.ds.manager, claim, e);
    }
    if (!result.replayed) {
      await this.settlementQueue.ensure(Math.floor(expiresAtMs / 1000));
      this.pushPlaced(userId, result.body, placedWallet);
    }
    return result;
  }

  async list(userId: string, q: Omit<ListQuery, 'limit'> & { limit?: number }): Promise<Page<Order>> {
    if (q.cursor !== undefined && !UUID.test(q.cursor)) throw new DomainError('VALIDATION_FAILED', 'cursor');
    const limit = q.limit ?? 20;
    const rows = await this.repo.list(userId, { ...q, limit });
    const items = rows.slice(0, limit).map(toOrder);
    return { items, nextCursor: rows.length > limit ? items[items.length - 1]!.id : null };
  }

  async get(userId: string, id: string): Promise<Order> {
    return toOrder(await this.row(userId, id));
  }

  /**
   * The order with the two ticks it used, their blocks and the exchange quotes each was made from (null
   * block fields until the feed sealed that second); for an expiry that fell in a halt, the halt and how
   * the close was chosen (the first tick within the grace period, or none: voided).
   */
  async receipt(userId: string, id: string): Promise<OrderReceipt> {
    const row = await this.row(userId, id);
    const seqs = [row.open_tick_seq, ...(row.close_tick_seq ? [row.close_tick_seq] : [])].map(String);
    const ticks = await this.repo.ticksWithBlocks(row.symbol, seqs);
    const bySeq = new Map(ticks.map((t) => [String(t.seq), t]));
    const entry = bySeq.get(String(row.open_tick_seq));
    const exit = row.close_tick_seq ? bySeq.get(String(row.close_tick_seq)) : undefined;
    if (!entry || (row.close_tick_seq && !exit)) throw new Error(`order ${row.id}: its ticks are missing from the record`);
    const expires = new Date(row.expires_at);
    const inHalt = row.status === 'voided' || (row.status === 'settled' && row.closed_at !== null && new Date(row.closed_at).getTime() > expires.getTime());
    const closeRule: CloseRule | null = row.status === 'open' ? null : row.status === 'voided' ? 'void' : inHalt ? 'halt' : 'expiry';
    const staleMs = this.config.FEED_STALE_MS;
    const receipt: OrderReceipt = {
      order: toOrder(row),
      entryTick: tickRef(entry),
      exitTick: exit ? tickRef(exit) : null,
      closeRule,
      graceMs: this.config.SETTLE_GRACE_MS,
      staleMs,
      verify: verifyText(row, closeRule, this.config.SETTLE_GRACE_MS, staleMs),
    };
    const halt = inHalt ? await this.repo.haltAt(row.symbol, expires) : null;
    if (halt) {
      receipt.halt = {
        reason: halt.reason as HaltReason,
        startedAt: new Date(halt.started_at).toISOString(),
        endedAt: halt.ended_at ? new Date(halt.ended_at).toISOString() : null,
      };
    } else if (inHalt) {
      // No halt recorded: the halt rule applied because the last price at the expiry was older than the limit.
      const last = await this.repo.lastTickAtOrBefore(row.symbol, expires);
      receipt.gap = { lastTickAt: last ? new Date(last).toISOString() : null, staleMs };
    }
    return receipt;
  }

  /**
   * Puts the available demo balance back to its start (DEMO_START_BALANCE_CENTS) with one
   * `demo_reset` entry between `demo` and `demo_issuer` for the difference. Stakes of open demo
   * orders are not touched: those orders settle as usual afterwards, onto the reset balance.
   */
  async resetDemo(userId: string): Promise<Wallet> {
    const ids = await this.ledger.userAccountIds(this.ds.manager, userId);
    await this.ledger.transaction(async (em) => {
      const diff = this.config.DEMO_START_BALANCE_CENTS - (await this.ledger.lockBalance(em, ids.demo));
      if (diff === 0) return;
      const issuer = await this.ledger.platformAccountId(em, 'demo_issuer');
      await this.ledger.post(em, {
        type: 'demo_reset',
        userId,
        refType: 'user',
        refId: userId,
        postings: [
          { accountId: issuer, amount: -diff },
          { accountId: ids.demo, amount: diff },
        ],
      });
    });
    const wallet = toWallet(await this.ledger.balances(userId));
    this.gateway.server?.to(channel.user(userId)).emit('wallet', wallet);
    return wallet;
  }

  /**
   * Whether the product trades at `ms`. Trading hours are whole minutes in a time zone (offsets and
   * DST changes are whole minutes too), so the answer is constant within a UTC minute: it is kept per
   * catalogue row (a changed or reloaded product is a new row) and minute, not recomputed per order.
   */
  private openAt(product: ProductEntity, ms: number): boolean {
    let byMinute = this.openMemo.get(product);
    if (!byMinute) this.openMemo.set(product, (byMinute = new Map()));
    const minute = Math.floor(ms / 60_000);
    let open = byMinute.get(minute);
    if (open === undefined) {
      open = this.market.statusOf(product, new Date(ms)).status === 'open';
      if (byMinute.size > 64) byMinute.clear();
      byMinute.set(minute, open);
    }
    return open;
  }

  private async row(userId: string, id: string): Promise<OrderRow> {
    if (!UUID.test(id)) throw new DomainError('NOT_FOUND');
    const row = await this.repo.findForUser(userId, id);
    if (!row) throw new DomainError('NOT_FOUND');
    return row;
  }

  /** `order` and `wallet` (as they stood when the order committed) to the user's room. */
  private pushPlaced(userId: string, order: Order, wallet: Wallet | null): void {
    const server = this.gateway.server;
    if (!server) return;
    const room = channel.user(userId);
    server.to(room).emit('order', order);
    if (wallet) server.to(room).emit('wallet', wallet);
  }
}

/** The wallet from `kind -> balance` text (bigint cents), missing kinds as zero. */
function walletFromBalances(b: Record<string, string>): Wallet {
  const c = (k: string) => toCents(b[k]);
  return toWallet({
    cash: c('cash'),
    hold: c('hold'),
    escrow: c('escrow'),
    earn_pending: c('earn_pending'),
    earn_confirmed: c('earn_confirmed'),
    demo: c('demo'),
    demo_escrow: c('demo_escrow'),
  });
}

function tickRef(t: TickWithBlock): TickRef {
  const ref: TickRef = {
    seq: String(t.seq),
    t: new Date(t.t).toISOString(),
    price: String(t.price),
    blockSecond: t.block_second === null ? null : String(t.block_second),
    blockHash: t.block_hash === null ? null : String(t.block_hash).trim(),
  };
  if (t.sources && t.rule) [ref.sources, ref.rule] = [t.sources, t.rule];
  return ref;
}

function verifyText(r: OrderRow, closeRule: CloseRule | null, graceMs: number, staleMs: number): string {
  const { from, to } = receiptRecordSeconds(
    new Date(r.opened_at).getTime(),
    new Date(r.closed_at ?? r.expires_at).getTime() + (closeRule === 'void' ? graceMs : 0),
  );
  const expiry = new Date(r.expires_at).toISOString();
  const exit =
    closeRule === 'void'
      ? `The order's expiry ${expiry} fell in a halt or a gap (no valid price from the exchanges, or the last tick before it older than ${staleMs / 1000} s), and no tick came within ${graceMs / 1000} s after it: the record holds no tick from the halt's start (or the last tick) to ${new Date(new Date(r.expires_at).getTime() + graceMs).toISOString()}, so the order was voided and its stake refunded in full.`
      : closeRule === 'halt'
        ? `The order's expiry ${expiry} fell in a halt or a gap (no valid price from the exchanges, or the last tick before it older than ${staleMs / 1000} s): the exit tick (seq ${r.close_tick_seq}, price ${r.close_price}) must be the first tick after the expiry, within ${graceMs / 1000} s of it.`
        : r.close_tick_seq
          ? `The exit tick (seq ${r.close_tick_seq}, price ${r.close_price}) must be the last tick at or before expiresAt ${expiry}, at most ${staleMs / 1000} s before it, and the record must hold a later tick.`
          : 'The exit tick is named here once the order is settled.';
  return [
    `1. Get the public record of ${r.symbol} for seconds ${from} to ${to}: GET /api/products/${r.symbol}/blocks?from=${from}&to=${to} (blocks with their ticks, prevHash and hash; GET /api/products/${r.symbol}/ticks gives the same ticks with their block).`,
    `2. Check the chain: node scripts/verify-chain.mjs ${r.symbol} ${from} ${to} --api <this site's origin> recomputes every block's SHA-256 from its canonical encoding, checks each prevHash, and recomputes each price made from exchange quotes (the median of the used quotes' mids); a rewritten tick or quote breaks it. node scripts/verify-venues.mjs <order id> holds the recorded quotes against the exchanges' own public history.`,
    `3. The entry tick (seq ${r.open_tick_seq}, price ${r.open_price}) and the exit tick must be in those blocks with the block seconds and hashes shown in this receipt. ${exit}`,
    `4. The result follows from the two prices alone, compared at the ${r.precision ?? scaleOf(String(r.open_price))} decimals the order opened with: "up" wins if the exit price is higher, "down" if it is lower, equal prices are a tie (stake refunded); a win pays the stake plus floor(stake x ${r.payout_rate}), the earnings rate it opened with.`,
  ].join('\n');
}
