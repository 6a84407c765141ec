import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';
import type { Direction, OrderVoidReason, Outcome } from '@candor/domain';

export type OrderAccount = 'real' | 'demo';
export type OrderStatus = 'open' | 'settled' | 'voided';

/**
 * A fixed-time order. Prices and ticks come from the feed; the outcome,
 * payout and pnl are computed by settlement from the two ticks and nothing else. There is no
 * column through which anyone could choose them: the database refuses any change to a settled
 * order and any change of the opening terms (trigger orders_guard, migration 1763800000001).
 * Money is bigint cents (strings from pg), prices numeric (strings).
 */
@Entity('orders')
export class OrderEntity {
  @PrimaryColumn({ type: 'uuid' }) id: string;
  @Column({ name: 'order_no', type: 'varchar', length: 32 }) orderNo: string;
  @Column({ name: 'user_id', type: 'uuid' }) userId: string;
  @Column({ type: 'varchar', length: 8 }) account: OrderAccount;
  @Column({ type: 'varchar', length: 20 }) symbol: string;
  @Column({ type: 'varchar', length: 4 }) direction: Direction;
  @Column({ type: 'bigint' }) amount: string;
  @Column({ name: 'duration_seconds', type: 'int' }) durationSeconds: number;
  @Column({ name: 'payout_rate', type: 'numeric' }) payoutRate: string;
  @Column({ name: 'open_price', type: 'numeric' }) openPrice: string;
  @Column({ name: 'open_tick_seq', type: 'bigint' }) openTickSeq: string;
  /** The product's price decimals when it opened (null before they were recorded: the open price's own scale). */
  @Column({ type: 'int', nullable: true }) precision: number | null;
  /** Its product's exchange markets when it opened (null before they were recorded). */
  @Column({ name: 'price_venues', type: 'jsonb', nullable: true }) priceVenues: { venue: string; symbol: string }[] | null;
  /** Time of the tick whose price opened the order. */
  @Column({ name: 'opened_at', type: 'timestamptz' }) openedAt: Date;
  /** Server time of the request + duration. */
  @Column({ name: 'expires_at', type: 'timestamptz' }) expiresAt: Date;
  @Column({ type: 'varchar', length: 8 }) status: OrderStatus;
  @Column({ name: 'close_price', type: 'numeric', nullable: true }) closePrice: string | null;
  @Column({ name: 'close_tick_seq', type: 'bigint', nullable: true }) closeTickSeq: string | null;
  /** Time of the tick whose price closed the order (the last tick at or before expires_at). */
  @Column({ name: 'closed_at', type: 'timestamptz', nullable: true }) closedAt: Date | null;
  @Column({ type: 'varchar', length: 4, nullable: true }) outcome: Outcome | null;
  @Column({ type: 'bigint', nullable: true }) payout: string | null;
  @Column({ type: 'bigint', nullable: true }) pnl: string | null;
  @Column({ name: 'settled_at', type: 'timestamptz', nullable: true }) settledAt: Date | null;
  /** Set when the order was voided (its stake refunded in full); null otherwise. */
  @Column({ name: 'void_reason', type: 'varchar', length: 16, nullable: true }) voidReason: OrderVoidReason | null;
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' }) createdAt: Date;
}
