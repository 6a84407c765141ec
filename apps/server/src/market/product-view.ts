import { formatCents } from '@candor/domain';
import {
  DEFAULT_LOCALE,
  type AdminProduct,
  type HaltReason,
  type Locale,
  type PriceSource,
  type Product,
  type ProductStatus,
  type ScheduledChange,
  type ScheduledField,
} from '@candor/contracts';
import type { ProductEntity } from '@candor/db';
import { formatChange } from './market-format.js';
import type { LastTick, LiveStats24h } from '@candor/cross-process';

const NO_CHANGE = formatChange(null, null);

/** The product's name in `locale`, else zh-TW, else the symbol. */
export function productName(p: Pick<ProductEntity, 'names' | 'symbol'>, locale: Locale): string {
  return p.names?.[locale] || p.names?.[DEFAULT_LOCALE] || p.symbol;
}

/** The price source of a product from its catalogue row alone (markets on exchanges: venues; none: simulated). */
export function catalogueSource(p: Pick<ProductEntity, 'priceVenues'>): PriceSource {
  const venues = (p.priceVenues ?? []).map((v) => ({ venue: v.venue, symbol: v.symbol }));
  return { kind: venues.length ? 'venues' : 'simulated', venues, quorum: 3, maxDeviationBps: 50 };
}

/** A product's announced changes (attached to the catalogue row by the market repository), as the API shows them. */
export function scheduledOf(p: Pick<ProductEntity, 'scheduledChanges'>): ScheduledChange[] {
  return (p.scheduledChanges ?? []).map((c) => ({ id: c.id, field: c.field as ScheduledField, from: c.from, to: c.to, effectiveAt: c.effectiveAt }));
}

/**
 * The public view of a product. An open market whose exchanges give no valid price shows `halted` with the
 * reason; `source` says where its prices come from (the feed's view, else the catalogue's).
 */
export function toProduct(
  p: ProductEntity,
  locale: Locale,
  state: { status: ProductStatus; nextOpenAt: Date | null },
  last: LastTick | undefined,
  stats: LiveStats24h | undefined,
  source: PriceSource = catalogueSource(p),
  halt: HaltReason | null = null,
): Product {
  const out: Product = {
    id: p.id,
    symbol: p.symbol,
    name: productName(p, locale),
    category: p.category,
    precision: p.precision,
    lastPrice: last?.price ?? null,
    change24h: stats?.change24h ?? NO_CHANGE,
    high24h: stats?.high24h ?? null,
    low24h: stats?.low24h ?? null,
    volume24h: stats?.volume24h ?? '0',
    amount24h: stats?.amount24h ?? '0.00',
    status: halt && state.status === 'open' ? 'halted' : state.status,
    priceSource: source,
    expiries: p.expiries.map((e) => ({ seconds: e.seconds, payoutRate: e.payoutRate })),
    minStake: formatCents(Number(p.minStake)),
    maxStake: formatCents(Number(p.maxStake)),
    recommended: p.recommended,
    lastTickAt: last?.t ?? null,
    scheduledChanges: scheduledOf(p),
  };
  if (out.status === 'halted' && halt) out.haltReason = halt;
  if (state.status === 'maintenance' && p.maintenanceMessage) out.maintenanceMessage = p.maintenanceMessage;
  if (state.nextOpenAt) out.nextOpenAt = state.nextOpenAt.toISOString();
  return out;
}

/** The operator's view of the catalogue row (the service adds the schedule). */
export function toAdminProduct(p: ProductEntity): Omit<AdminProduct, 'scheduledChanges' | 'earliestEffectiveAt'> {
  return {
    symbol: p.symbol,
    category: p.category,
    names: { ...p.names },
    precision: p.precision,
    timezone: p.timezone,
    hours: p.hours ? p.hours.map((h) => ({ day: h.day, open: h.open, close: h.close })) : null,
    holidays: [...(p.holidays ?? [])],
    maintenance: p.maintenance,
    maintenanceMessage: p.maintenanceMessage,
    expiries: p.expiries.map((e) => ({ seconds: e.seconds, payoutRate: e.payoutRate })),
    minStake: formatCents(Number(p.minStake)),
    maxStake: formatCents(Number(p.maxStake)),
    recommended: p.recommended,
    enabled: p.enabled,
    priceVenues: (p.priceVenues ?? []).map((v) => ({ venue: v.venue, symbol: v.symbol })),
    updatedAt: new Date(p.updatedAt).toISOString(),
  };
}
