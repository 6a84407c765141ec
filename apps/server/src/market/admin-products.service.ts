import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import type { Redis } from 'ioredis';
import { isLocale, type AdminProduct, type AdminProductBody } from '@candor/contracts';
import {
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
import { ProductEntity, type ProductExpiry, type ProductHoursInterval, type ProductVenue } from '@candor/db';
import { AuditService } from '../admin/audit.service.js';
import { DomainError } from '../common/domain-error.js';
import { REDIS } from '../redis/redis.module.js';
import { MarketService } from './market.service.js';
import { MarketStatusWatcher } from './market-status.watcher.js';
import { toAdminProduct } from './product-view.js';
import { PROTOCOLS } from './feed/venues/protocols.js';
import { isVenueName } from './feed/venues/venue-protocol.js';
import { REDIS_CHANNELS } from '@candor/cross-process';

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
 * spelling, and one quote currency for all (a median never mixes USDT with USD). Kept in the exchanges' order.
 */
function venuesOf(list: readonly { venue: string; symbol: string }[]): ProductVenue[] {
  const seen = new Set<string>();
  const currencies = new Set<string>();
  const out = list.map((v, i) => {
    if (!isVenueName(v.venue) || seen.has(v.venue)) fail(`priceVenues.${i}.venue`);
    seen.add(v.venue);
    const symbol = v.symbol.trim().toUpperCase();
    const protocol = PROTOCOLS[v.venue as keyof typeof PROTOCOLS];
    if (!protocol.validSymbol(symbol)) fail(`priceVenues.${i}.symbol`);
    currencies.add(protocol.quoteCurrency(symbol) ?? '?');
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
export function applyPatch(current: Settings, body: AdminProductBody): Settings {
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
  if (body.priceVenues !== undefined) next.priceVenues = venuesOf(body.priceVenues);
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

/** The operator catalogue: reading and editing product settings, each change audited in its own transaction. */
@Injectable()
export class AdminProductsService {
  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    private readonly audit: AuditService,
    private readonly market: MarketService,
    private readonly watcher: MarketStatusWatcher,
    @Inject(REDIS) private readonly redis: Redis,
  ) {}

  async list(): Promise<AdminProduct[]> {
    const rows = await this.ds.getRepository(ProductEntity).find({ order: { sort: 'ASC', symbol: 'ASC' } });
    return rows.map(toAdminProduct);
  }

  async update(symbol: string, body: AdminProductBody, operatorId: string, ip: string | null): Promise<AdminProduct> {
    const updated = await this.ds.transaction(async (em) => {
      const repo = em.getRepository(ProductEntity);
      const row = await repo.findOne({ where: { symbol }, lock: { mode: 'pessimistic_write' } });
      if (!row) throw new DomainError('NOT_FOUND');
      const before = settingsOf(row);
      const after = applyPatch(before, body);
      const changes = diff(before, after);
      if (Object.keys(changes.after).length === 0) return row;
      await em.query(
        `UPDATE products SET names = $2::jsonb, precision = $3, timezone = $4, hours = $5::jsonb, holidays = $6::jsonb, maintenance = $7,
                maintenance_message = $8, expiries = $9::jsonb, min_stake = $10, max_stake = $11, recommended = $12, enabled = $13,
                price_venues = $14::jsonb, updated_at = now()
          WHERE id = $1`,
        [
          row.id,
          JSON.stringify(after.names),
          after.precision,
          after.timezone,
          after.hours === null ? null : JSON.stringify(after.hours),
          JSON.stringify(after.holidays),
          after.maintenance,
          after.maintenanceMessage,
          JSON.stringify(after.expiries),
          after.minStake,
          after.maxStake,
          after.recommended,
          after.enabled,
          JSON.stringify(after.priceVenues),
        ],
      );
      await this.audit.record({ operatorId, action: 'product.update', targetType: 'product', targetId: symbol, details: { symbol, ...changes }, ip }, em);
      return (await repo.findOne({ where: { id: row.id } }))!;
    });
    this.market.invalidate();
    await this.redis.publish(REDIS_CHANNELS.productsChanged, symbol).catch(() => undefined);
    await this.watcher.check().catch(() => undefined);
    return toAdminProduct(updated);
  }
}
