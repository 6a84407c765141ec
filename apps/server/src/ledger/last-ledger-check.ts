import type { Redis } from 'ioredis';
import { REDIS_KEYS } from '@candor/cross-process';

/** The worker's last scheduled ledger check, as ledger-check.processor.ts keeps it. */
export interface LastLedgerCheck {
  checkedAt: string;
  ok: boolean;
  accounts: number;
  imbalance: string;
}

/** Reads REDIS_KEYS.ledgerCheckLast: null before the first check or when the record is unreadable. */
export async function readLastLedgerCheck(redis: Redis): Promise<LastLedgerCheck | null> {
  try {
    const raw = await redis.get(REDIS_KEYS.ledgerCheckLast);
    const v = raw ? (JSON.parse(raw) as { ok?: unknown; accounts?: unknown; imbalance?: unknown; checkedAt?: unknown }) : null;
    if (!v || typeof v.checkedAt !== 'string' || typeof v.ok !== 'boolean') return null;
    return {
      checkedAt: v.checkedAt,
      ok: v.ok,
      accounts: typeof v.accounts === 'number' ? v.accounts : 0,
      imbalance: typeof v.imbalance === 'string' ? v.imbalance : '0.00',
    };
  } catch {
    return null;
  }
}
