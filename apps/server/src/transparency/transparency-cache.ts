import { Inject, Injectable } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { TRANSPARENCY_MIN_ACCOUNTS } from '@candor/domain';
import type { TransparencyFigures, TransparencyNotComputed, TransparencyResponse } from '@candor/contracts';
import { REDIS_KEYS } from '@candor/cross-process';
import { REDIS } from '../redis/redis.module.js';

/** The answer before the worker's first run: nothing computed, so no number at all. */
export const NOT_COMPUTED: TransparencyNotComputed = Object.freeze({
  computedAt: null,
  lossShare12m: null,
  lossShare90d: null,
  accountsCounted: null,
  accountsCounted90d: null,
  minAccounts: TRANSPARENCY_MIN_ACCOUNTS,
  products: [],
  receiptsChecked: null,
  tickHeads: [],
  ledgerCheck: null,
  liabilities: null,
  earn: null,
}) as TransparencyNotComputed;

/**
 * Where the job's last result lives (REDIS_KEYS.transparencyFigures, no expiry): the worker's job writes it
 * whole, the public endpoint and the console's dashboard read it as it is. Nothing else computes the figures.
 */
@Injectable()
export class TransparencyCache {
  constructor(@Inject(REDIS) private readonly redis: Redis) {}

  async write(figures: TransparencyFigures): Promise<void> {
    await this.redis.set(REDIS_KEYS.transparencyFigures, JSON.stringify(figures));
  }

  /** The last computed figures, or NOT_COMPUTED before the first run (or if the stored record is unreadable). */
  async read(): Promise<TransparencyResponse> {
    const raw = await this.redis.get(REDIS_KEYS.transparencyFigures);
    if (!raw) return NOT_COMPUTED;
    try {
      const v = JSON.parse(raw) as Partial<TransparencyFigures> | null;
      return v && typeof v.computedAt === 'string' && Array.isArray(v.products) ? (v as TransparencyFigures) : NOT_COMPUTED;
    } catch {
      return NOT_COMPUTED;
    }
  }
}
