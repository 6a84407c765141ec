import { DomainError } from '../common/domain-error.js';

/** SQLSTATE raised by candor_post_entry when a guarded debit would take an account below zero. */
export const INSUFFICIENT_BALANCE_SQLSTATE = 'CD001';

/** Maps the ledger function's refusal to the domain error; anything else is rethrown as it is. */
export function rethrowLedgerError(e: unknown): never {
  const code = (e as { code?: string; driverError?: { code?: string } })?.code ?? (e as { driverError?: { code?: string } })?.driverError?.code;
  if (code === INSUFFICIENT_BALANCE_SQLSTATE) throw new DomainError('INSUFFICIENT_BALANCE', 'amount');
  throw e;
}
