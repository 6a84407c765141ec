import type { Cents } from '@candor/domain';

/** TypeORM answers an UPDATE/DELETE ... RETURNING with `[rows, rowCount]` and anything else with `rows`. */
export function returnedRows<T>(result: unknown): T[] {
  if (Array.isArray(result) && result.length === 2 && Array.isArray(result[0]) && typeof result[1] === 'number') return result[0] as T[];
  return result as T[];
}

/** pg returns bigint as a string; every balance is a safe integer of cents. */
export function toCents(v: string | number | null | undefined): Cents {
  const n = Number(v ?? 0);
  if (!Number.isSafeInteger(n)) throw new Error(`ledger amount out of safe range: ${v}`);
  return n;
}
