import { Column, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

export const PRODUCT_CATEGORIES = ['crypto', 'forex', 'metal', 'index'] as const;
export type ProductCategory = (typeof PRODUCT_CATEGORIES)[number];

/** One weekly session: opens on `day` (0 = Sunday) at `open`, closes at `close` ('HH:MM' local; close <= open runs overnight). */
export interface ProductHoursInterval {
  day: number;
  open: string;
  close: string;
}
/** An expiry offered for a product: seconds until expiry and the earnings rate of a win ("0.85"). */
export interface ProductExpiry {
  seconds: number;
  payoutRate: string;
}

/** One of a product's markets on a public exchange: the exchange and its own symbol (BTCUSDT, BTC-USDT, BTC/USDT). */
export interface ProductVenue {
  venue: string;
  symbol: string;
}

/**
 * A tradable product's catalogue settings. Deliberately there is no price,
 * no outcome and no payout override here: prices come from the feed (`ticks`) and nothing else.
 * Stakes are bigint cents (strings from pg).
 */
@Entity('products')
export class ProductEntity {
  @PrimaryGeneratedColumn('uuid') id: string;
  @Column({ type: 'varchar', length: 20 }) symbol: string;
  @Column({ type: 'varchar', length: 16 }) category: ProductCategory;
  /** Display name per locale; zh-TW is the fallback. */
  @Column({ type: 'jsonb' }) names: Record<string, string>;
  /** Price decimals. */
  @Column({ type: 'int' }) precision: number;
  /** IANA time zone of `hours` and `holidays`. */
  @Column({ type: 'varchar', length: 60 }) timezone: string;
  /** Weekly sessions; null = open around the clock. */
  @Column({ type: 'jsonb', nullable: true }) hours: ProductHoursInterval[] | null;
  /** Local dates ('YYYY-MM-DD', in `timezone`) on which no session opens. */
  @Column({ type: 'jsonb', default: () => `'[]'::jsonb` }) holidays: string[];
  @Column({ type: 'boolean', default: false }) maintenance: boolean;
  @Column({ name: 'maintenance_message', type: 'text', nullable: true }) maintenanceMessage: string | null;
  @Column({ type: 'jsonb' }) expiries: ProductExpiry[];
  @Column({ name: 'min_stake', type: 'bigint' }) minStake: string;
  @Column({ name: 'max_stake', type: 'bigint' }) maxStake: string;
  @Column({ type: 'boolean', default: false }) recommended: boolean;
  @Column({ type: 'boolean', default: true }) enabled: boolean;
  @Column({ type: 'int', default: 0 }) sort: number;
  /** Where its real prices come from: its markets on public exchanges (none: simulated prices, demo only). */
  @Column({ name: 'price_venues', type: 'jsonb', default: () => `'[]'::jsonb` }) priceVenues: ProductVenue[];
  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' }) updatedAt: Date;
  /**
   * Not a column: the product's pending catalogue changes (product_changes), earliest first, attached by the
   * api's catalogue read so that every view and every order check sees the same schedule.
   */
  scheduledChanges?: { id: string; field: string; from: unknown; to: unknown; effectiveAt: string }[];
}
