import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import type { Redis } from 'ioredis';
import { MAX_ACTIVE_PRICE_ALERTS, type CreatePriceAlertBody, type PriceAlert, type PriceAlertList } from '@candor/contracts';
import { alertDirectionFor, alertLevelProblem, alertLevelText } from '@candor/domain';
import { REDIS_CHANNELS } from '@candor/cross-process';
import { DomainError } from '../common/domain-error.js';
import { REDIS } from '../redis/redis.module.js';
import { MarketService } from '../market/market.service.js';
import { PriceAlertsRepository, type PriceAlertRow } from './price-alerts.repository.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const SYMBOL = /^[A-Z0-9]{2,20}$/;

export function toPriceAlert(r: PriceAlertRow): PriceAlert {
  return {
    id: r.id,
    symbol: r.symbol,
    direction: r.direction,
    level: r.level,
    createdAt: r.created_at.toISOString(),
    triggeredAt: r.triggered_at ? r.triggered_at.toISOString() : null,
    triggeredPrice: r.triggered_price,
  };
}

/**
 * The signed-in user's price alerts: each tells the user once, by a system message, when a product's stored
 * price reaches its level (PriceAlertWatcher fires them in the feed's process). Alerts only read prices.
 * A change is announced on Redis, so the watcher re-reads that product's alerts at once.
 */
@Injectable()
export class PriceAlertsService {
  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    private readonly alerts: PriceAlertsRepository,
    private readonly market: MarketService,
    @Inject(REDIS) private readonly redis: Redis,
  ) {}

  async list(userId: string, symbol: string | undefined): Promise<PriceAlertList> {
    const wanted = symbol === undefined ? null : symbol.toUpperCase();
    const rows = wanted !== null && !SYMBOL.test(wanted) ? [] : await this.alerts.listForUser(userId, wanted);
    return { items: rows.map(toPriceAlert), maxActive: MAX_ACTIVE_PRICE_ALERTS };
  }

  /**
   * Checks, in this order: the product is listed (else 400 on `symbol`), the level fits its precision (400 on
   * `level`), there is a current price (422 MARKET_DATA_STALE), the level lies on the alert's side of it (422
   * ALERT_LEVEL_WRONG_SIDE; without a direction, the side it lies on is taken), and the user keeps fewer than
   * MAX_ACTIVE_PRICE_ALERTS active alerts (422 ALERT_LIMIT_REACHED, counted under a per-user lock).
   */
  async create(userId: string, body: CreatePriceAlertBody): Promise<PriceAlert> {
    const symbol = body.symbol.toUpperCase();
    const product = SYMBOL.test(symbol) ? await this.market.getProductRow(symbol) : null;
    if (!product || !product.enabled) throw new DomainError('VALIDATION_FAILED', 'symbol');
    if (alertLevelProblem(body.level, product.precision)) throw new DomainError('VALIDATION_FAILED', 'level');
    const level = alertLevelText(body.level, product.precision);
    const tick = await this.market.latestTick(symbol);
    if (!tick) throw new DomainError('MARKET_DATA_STALE');
    const side = alertDirectionFor(level, tick.price);
    if (side === null || (body.direction !== undefined && body.direction !== side)) throw new DomainError('ALERT_LEVEL_WRONG_SIDE', 'level');
    const row = await this.ds.transaction(async (em) => {
      await this.alerts.lockUser(em, userId);
      if ((await this.alerts.countActive(em, userId)) >= MAX_ACTIVE_PRICE_ALERTS) {
        throw new DomainError('ALERT_LIMIT_REACHED', undefined, { limit: MAX_ACTIVE_PRICE_ALERTS });
      }
      return this.alerts.insert(em, { userId, symbol, direction: side, level });
    });
    await this.announce(symbol);
    return toPriceAlert(row);
  }

  /** Removes one of the user's alerts (again: no change); an id that is not one of theirs is 404. */
  async remove(userId: string, id: string): Promise<void> {
    if (!UUID.test(id)) throw new DomainError('NOT_FOUND');
    const symbol = await this.alerts.remove(userId, id);
    if (symbol === null) throw new DomainError('NOT_FOUND');
    await this.announce(symbol);
  }

  /** Tells the process watching prices to re-read the product's alerts (a lost message is made good by its periodic re-read). */
  private async announce(symbol: string): Promise<void> {
    await this.redis.publish(REDIS_CHANNELS.priceAlertsChanged, symbol).catch(() => undefined);
  }
}
