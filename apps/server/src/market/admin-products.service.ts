import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import type { Redis } from 'ioredis';
import { randomUUID } from 'node:crypto';
import { isLocale, type AdminProduct, type AdminProductBody, type ScheduledChange } from '@candor/contracts';
import {
  canonicalAsset,
  earliestEffectiveAt,
  isScheduledField,
  noticeMs,
  precisionKeepsPrice,
  productBaseAsset,
  SCHEDULED_FIELDS,
  type ScheduledFieldName,
  formatCents,
  isValidLocalDate,
  isValidTimeZone,
  MAX_AMOUNT_CENTS,
  normalizeDecimal,
  parseClock,
  parseMoney,
  parseRate,
  RATE_SCALE,
} from '@candor/domain';
import type { ProductEntity, ProductExpiry, ProductHoursInterval, ProductVenue } from '@candor/db';
import { AuditService } from '../admin/audit.service.js';
import { DomainError } from '../common/domain-error.js';
import { isUuid } from '../common/keyset.js';
import { Clock } from '../common/clock.js';
import { REDIS } from '../redis/redis.module.js';
import { MarketService } from './market.service.js';
import { MarketRepository } from './market.repository.js';
import { MarketStatusWatcher } from './market-status.watcher.js';
import { toAdminProduct } from './product-view.js';
import { PROTOCOLS } from './feed/venues/protocols.js';
import { isVenueName } from './feed/venues/venue-protocol.js';
import { REDIS_CHANNELS } from '@candor/cross-process';
import { APP_CONFIG, type AppConfig } from '../config/config.js';
import { CatalogueChangesRepository, toScheduled, type ChangeRow } from './catalogue/catalogue-changes.repository.js';

/** The editable settings of a product, as stored. No price, outcome or payout override exists among them. */
interface Settings {
  names: Record<string, string>;
  precision: number;
  timezone: string;
  hours: ProductHoursInterval[] | null;
  holidays: string[];
  maintenance: boolean;
  maintenanceMessage: string | null;
  expiries: ProductExpiry[];
  minStake: number;
  maxStake: number;
  recommended: boolean;
  enabled: boolean;
  priceVenues: ProductVenue[];
}

const fail = (field: string): never => {
  throw new DomainError('VALIDATION_FAILED', field);
};

function settingsOf(p: ProductEntity): Settings {
  return {
    names: p.names,
    precision: p.precision,
    timezone: p.timezone,
    hours: p.hours,
    holidays: p.holidays ?? [],
    maintenance: p.maintenance,
    maintenanceMessage: p.maintenanceMessage,
    expiries: p.expiries,
    minStake: Number(p.minStake),
    maxStake: Number(p.maxStake),
    recommended: p.recommended,
    enabled: p.enabled,
    priceVenues: p.priceVenues ?? [],
  };
}

/**
 * A product's exchange markets, checked: known exchanges, each at most once, each symbol in its exchange's
 * spelling and of the product's base asset, and one quote currency for all (a median never mixes USDT with
 * USD). Kept in the exchanges' order.
 */
function venuesOf(product: string, list: readonly { venue: string; symbol: string }[]): ProductVenue[] {
  const seen = new Set<string>();
  const currencies = new Set<string>();
  const base = productBaseAsset(product);
  const out = list.map((v, i) => {
    if (!isVenueName(v.venue) || seen.has(v.venue)) fail(`priceVenues.${i}.venue`);
    seen.add(v.venue);
    const symbol = v.symbol.trim().toUpperCase();
    const protocol = PROTOCOLS[v.venue as keyof typeof PROTOCOLS];
    if (!protocol.validSymbol(symbol)) fail(`priceVenues.${i}.symbol`);
    // The market must trade the product's own asset: BTCUSDT is never priced from ETHUSDT.
    const quote = protocol.quoteCurrency(symbol);
    const marketBase = quote ? canonicalAsset(symbol.slice(0, symbol.length - quote.length).replace(/[-/]$/, '')) : null;
    if (!base || marketBase !== base) fail(`priceVenues.${i}.symbol`);
    currencies.add(quote ?? '?');
    if (currencies.size > 1) fail(`priceVenues.${i}.symbol`);
    return { venue: v.venue, symbol };
  });
  const order = Object.keys(PROTOCOLS);
  return out.sort((a, b) => order.indexOf(a.venue) - order.indexOf(b.venue));
}

function stake(input: string | number, field: string): number {
  const cents = parseMoney(input);
  if (cents === null || cents <= 0 || cents > MAX_AMOUNT_CENTS) fail(field);
  return cents!;
}

/** The settings after applying a patch, fully validated (field paths name the first fault). */
export function applyPatch(current: Settings, body: AdminProductBody, symbol: string): Settings {
  const next: Settings = { ...current };
  if (body.names !== undefined) {
    const names: Record<string, string> = {};
    for (const [locale, name] of Object.entries(body.names)) {
      if (!isLocale(locale)) fail(`names.${locale}`);
      const trimmed = name.trim();
      if (!trimmed) fail(`names.${locale}`);
      names[locale] = trimmed;
    }
    if (!names['zh-TW']) fail('names.zh-TW');
    next.names = names;
  }
  if (body.precision !== undefined) next.precision = body.precision;
  if (body.timezone !== undefined) {
    if (!isValidTimeZone(body.timezone)) fail('timezone');
    next.timezone = body.timezone;
  }
  if (body.hours !== undefined) {
    next.hours =
      body.hours === null
        ? null
        : body.hours.map((h, i) => {
            if (parseClock(h.open) === null) fail(`hours.${i}.open`);
            if (parseClock(h.close, true) === null) fail(`hours.${i}.close`);
            return { day: h.day, open: h.open, close: h.close };
          });
  }
  if (body.holidays !== undefined) {
    body.holidays.forEach((d, i) => {
      if (!isValidLocalDate(d)) fail(`holidays.${i}`);
    });
    next.holidays = [...new Set(body.holidays)].sort();
  }
  if (body.maintenance !== undefined) next.maintenance = body.maintenance;
  if (body.suspended !== undefined) next.maintenance = body.suspended;
  if (body.maintenanceMessage !== undefined) next.maintenanceMessage = body.maintenanceMessage?.trim() || null;
  if (body.expiries !== undefined) {
    const seen = new Set<number>();
    next.expiries = body.expiries
      .map((e, i) => {
        if (seen.has(e.seconds)) fail(`expiries.${i}.seconds`);
        seen.add(e.seconds);
        const rate = parseRate(e.payoutRate);
        if (rate === null || rate <= 0n || rate > RATE_SCALE) fail(`expiries.${i}.payoutRate`);
        return { seconds: e.seconds, payoutRate: normalizeDecimal(e.payoutRate.startsWith('.') ? `0${e.payoutRate}` : e.payoutRate) };
      })
      .sort((a, b) => a.seconds - b.seconds);
  }
  if (body.minStake !== undefined) next.minStake = stake(body.minStake, 'minStake');
  if (body.maxStake !== undefined) next.maxStake = stake(body.maxStake, 'maxStake');
  if (next.minStake > next.maxStake) fail(body.minStake !== undefined ? 'minStake' : 'maxStake');
  if (body.recommended !== undefined) next.recommended = body.recommended;
  if (body.enabled !== undefined) next.enabled = body.enabled;
  if (body.priceVenues !== undefined) next.priceVenues = venuesOf(symbol, body.priceVenues);
  return next;
}

/** The fields whose value changed, before and after (for the audit log). */
export function diff(before: Settings, after: Settings): { before: Record<string, unknown>; after: Record<string, unknown> } {
  const b: Record<string, unknown> = {};
  const a: Record<string, unknown> = {};
  for (const key of Object.keys(after) as (keyof Settings)[]) {
    if (JSON.stringify(before[key]) !== JSON.stringify(after[key])) {
      const show = (v: unknown) => (key === 'minStake' || key === 'maxStake' ? formatCents(v as number) : v);
      b[key] = show(before[key]);
      a[key] = show(after[key]);
    }
  }
  return { before: b, after: a };
}

/** What a PATCH did: the product as it now stands, and the changes it scheduled (none: all applied at once). */
export interface UpdateResult {
  product: AdminProduct;
  scheduled: ScheduledChange[];
}

/** Changes whose time is this close can no longer be cancelled: the feed is about to record them. */
export const CANCEL_CUTOFF_MS = 10_000;
/** The furthest ahead a change may be scheduled. */
const MAX_AHEAD_MS = 366 * 86_400_000;

/**
 * The operator catalogue: reading and editing product settings, each change audited in its own transaction.
 * Fields that shape prices or sessions (SCHEDULED_FIELDS) are never applied here: they become scheduled
 * changes, public until their time, applied by the feed in the tick-chain block of that second.
 */
@Injectable()
export class AdminProductsService {
  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    private readonly audit: AuditService,
    private readonly market: MarketService,
    private readonly watcher: MarketStatusWatcher,
    private readonly changes: CatalogueChangesRepository,
    private readonly products: MarketRepository,
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly clock: Clock,
  ) {}

  async list(): Promise<AdminProduct[]> {
    const rows = await this.products.products();
    const pending = await this.changes.pending();
    const now = this.clock.now().getTime();
    return Promise.all(
      rows.map(async (r) => {
        const last = await this.changes.lastOpenExpiry(this.ds.manager, r.symbol);
        return this.view(
          r,
          pending.filter((c) => c.symbol === r.symbol),
          this.earliest(now, r.expiries, last),
        );
      }),
    );
  }

  /**
   * Applies the immediate fields of a patch and schedules its price- or session-shaping fields, in one
   * transaction with their audit lines. Scheduled fields need `effectiveAt` at or after the earliest allowed
   * (default: that); a precision must keep MIN_SIGNIFICANT_DIGITS of the current price.
   */
  async update(symbol: string, body: AdminProductBody, operatorId: string, ip: string | null): Promise<UpdateResult> {
    const latest = await this.market.latestTick(symbol).catch(() => null);
    const now = this.clock.now().getTime();
    const result = await this.ds.transaction(async (em) => {
      const row = await this.products.lockProduct(em, symbol);
      if (!row) throw new DomainError('NOT_FOUND');
      const before = settingsOf(row);
      const after = applyPatch(before, body, symbol);
      const changes = diff(before, after);
      const changed = Object.keys(changes.after) as (keyof Settings)[];
      const scheduledFields = changed.filter((k): k is ScheduledFieldName => isScheduledField(k));
      const immediate = changed.filter((k) => !isScheduledField(k));
      // Nothing scheduled: an effectiveAt alone is not an error, and nothing changes.
      const scheduled: ScheduledChange[] = [];
      if (scheduledFields.length) {
        if (scheduledFields.includes('precision') && !precisionKeepsPrice(latest?.price ?? null, after.precision)) fail('precision');
        const pendingNow = await this.changes.pending(symbol, em);
        const taken = scheduledFields.find((f) => pendingNow.some((c) => c.field === f));
        if (taken) throw new DomainError('CHANGE_ALREADY_SCHEDULED', taken);
        const earliest = this.earliest(now, [...before.expiries, ...after.expiries], await this.changes.lastOpenExpiry(em, symbol));
        const at = effectiveAtOf(body.effectiveAt, earliest, now);
        for (const field of SCHEDULED_FIELDS) {
          if (!scheduledFields.includes(field)) continue;
          const c = await this.changes.insert(em, {
            id: randomUUID(),
            symbol,
            field,
            from: before[field],
            to: after[field],
            effectiveAt: new Date(at),
            operatorId,
          });
          const view = toScheduled(c);
          scheduled.push(view);
          await this.audit.record(
            {
              operatorId,
              action: 'product.change_scheduled',
              targetType: 'product',
              targetId: symbol,
              details: { symbol, changeId: view.id, field, from: view.from, to: view.to, effectiveAt: view.effectiveAt },
              ip,
            },
            em,
          );
        }
      }
      if (immediate.length) {
        // The scheduled fields keep their current values here: they change only at their effectiveAt.
        const applied: Settings = { ...after };
        for (const f of SCHEDULED_FIELDS) (applied as unknown as Record<string, unknown>)[f] = before[f];
        await this.products.updateSettings(em, row.id, applied);
        const shown = diff(before, applied);
        await this.audit.record({ operatorId, action: 'product.update', targetType: 'product', targetId: symbol, details: { symbol, ...shown }, ip }, em);
      }
      const fresh = (await this.products.productById(em, row.id))!;
      const pending = await this.changes.pending(symbol, em);
      const earliest = this.earliest(this.clock.now().getTime(), fresh.expiries, await this.changes.lastOpenExpiry(em, symbol));
      return { product: this.view(fresh, pending, earliest), scheduled, touched: immediate.length + scheduled.length > 0 };
    });
    if (result.touched) await this.announce(symbol);
    return { product: result.product, scheduled: result.scheduled };
  }

  /**
   * Cancels a pending change (404 unknown, 409 ALREADY_DECIDED when applied, cancelled or refused, or too close
   * to its time for the feed to leave it out), audited.
   */
  async cancel(symbol: string, id: string, operatorId: string, ip: string | null): Promise<void> {
    if (!isUuid(id)) throw new DomainError('NOT_FOUND');
    await this.ds.transaction(async (em) => {
      const c = await this.changes.find(id, em, true);
      if (!c || c.symbol !== symbol) throw new DomainError('NOT_FOUND');
      if (c.status !== 'pending' || new Date(c.effective_at).getTime() - this.clock.now().getTime() <= CANCEL_CUTOFF_MS)
        throw new DomainError('ALREADY_DECIDED');
      await this.changes.decide(em, id, { status: 'cancelled', operatorId });
      const view = toScheduled(c);
      await this.audit.record(
        {
          operatorId,
          action: 'product.change_cancelled',
          targetType: 'product',
          targetId: symbol,
          details: { symbol, changeId: id, field: view.field, from: view.from, to: view.to, effectiveAt: view.effectiveAt },
          ip,
        },
        em,
      );
    });
    await this.announce(symbol);
  }

  /** Every instance and the feed re-read the catalogue now. */
  private async announce(symbol: string): Promise<void> {
    this.market.invalidate();
    await this.redis.publish(REDIS_CHANNELS.productsChanged, symbol).catch(() => undefined);
    await this.watcher.check().catch(() => undefined);
  }

  /** The earliest effectiveAt for a change of a product with these expiries and open orders. */
  private earliest(nowMs: number, expiries: readonly ProductExpiry[], lastOpenExpiryMs: number | null): number {
    const longest = Math.max(0, ...expiries.map((e) => e.seconds));
    return earliestEffectiveAt(nowMs, noticeMs(this.config.CATALOGUE_NOTICE_HOURS, longest), lastOpenExpiryMs);
  }

  private view(p: ProductEntity, pending: ChangeRow[], earliestMs: number): AdminProduct {
    return { ...toAdminProduct(p), scheduledChanges: pending.map(toScheduled), earliestEffectiveAt: new Date(earliestMs).toISOString() };
  }
}

/** The requested effectiveAt (ISO 8601, a whole second, not before `earliest`), or `earliest` when none was asked for. */
export function effectiveAtOf(requested: string | undefined, earliestMs: number, nowMs: number): number {
  if (requested === undefined) return earliestMs;
  const at = Date.parse(requested);
  const refuse = (): never => {
    throw new DomainError('VALIDATION_FAILED', 'effectiveAt', {}, { earliestAt: new Date(earliestMs).toISOString() });
  };
  if (!/^\d{4}-\d{2}-\d{2}T/.test(requested) || !Number.isFinite(at) || at % 1000 !== 0) refuse();
  if (at < earliestMs || at > nowMs + MAX_AHEAD_MS) refuse();
  return at;
}
