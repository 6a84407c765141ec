import { formatCents } from '@candor/domain';
import type { Wallet } from '@candor/contracts';
import type { UserBalances } from '../ledger/ledger.types.js';

/** The wire `Wallet` from a user's balances: GET /api/wallet and every `wallet` push use this one view. */
export function toWallet(b: UserBalances): Wallet {
  const earn = b.earn_pending + b.earn_confirmed;
  return {
    available: formatCents(b.cash),
    frozen: formatCents(b.hold),
    inOrders: formatCents(b.escrow),
    earn: formatCents(earn),
    total: formatCents(b.cash + b.hold + b.escrow + earn),
    demo: formatCents(b.demo),
  };
}
