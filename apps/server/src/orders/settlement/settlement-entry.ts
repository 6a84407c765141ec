import { decideOutcome, settleAmounts, type Direction, type Outcome, type Settlement } from '@candor/domain';
import type { EntrySpec } from '../../ledger/ledger.types.js';
import { toCents } from '../../database/rows.js';
import { scaleOf, type OrderViewRow } from '../order-view.js';

/**
 * A row returned by the settlement UPDATE: the settled order (times as ISO strings formatted by SQL),
 * its user and the user's two accounts it moves money between.
 */
export type SettledRow = OrderViewRow & { user_id: string; cash_account_id: string; escrow_account_id: string };

/**
 * The domain rule's answers, remembered for one batch: thousands of orders of one second share a
 * handful of (direction, open, close) and (stake, rate, outcome) combinations.
 */
export class RuleCache {
  private readonly outcomes = new Map<string, Outcome>();
  private readonly settlements = new Map<string, Settlement>();

  outcome(direction: Direction, open: string, close: string, precision: number): Outcome {
    const key = `${direction}|${open}|${close}|${precision}`;
    let v = this.outcomes.get(key);
    if (v === undefined) this.outcomes.set(key, (v = decideOutcome(direction, open, close, precision)));
    return v;
  }

  amounts(stakeCents: number, rate: string, outcome: Outcome): Settlement {
    const key = `${stakeCents}|${rate}|${outcome}`;
    let v = this.settlements.get(key);
    if (v === undefined) this.settlements.set(key, (v = settleAmounts(stakeCents, rate, outcome)));
    return v;
  }
}

/**
 * The journal entry of one settled order, after checking the SQL result against the domain rule
 * (libs/domain payout.ts): a disagreement aborts the whole batch rather than pay a wrong amount.
 *  - win:  order_payout   escrow -> cash (the stake back), house -> cash (the winnings)
 *  - loss: order_loss     escrow -> house
 *  - tie:  order_refund   escrow -> cash
 *  - void: order_void     escrow -> cash (its expiry fell in a halt and no valid price came within the grace)
 * The house posting is the negated pnl, which is what the personal P&L (SummaryService) sums.
 */
export function settlementEntry(r: SettledRow, houseAccountId: string, rules: RuleCache = new RuleCache()): EntrySpec {
  const amount = toCents(r.amount);
  if (r.status === 'voided') {
    // No price closed it: the whole stake goes back and nothing else moves.
    if (r.outcome !== null || toCents(r.payout) !== amount || toCents(r.pnl) !== 0 || !r.void_reason) {
      throw new Error(`voided order ${r.id} does not refund exactly its stake: ${r.outcome}/${r.payout}/${r.pnl}/${r.void_reason}`);
    }
    const postings = [
      { accountId: String(r.escrow_account_id), amount: -amount },
      { accountId: String(r.cash_account_id), amount },
    ];
    return { type: 'order_void', userId: r.user_id, refType: 'order', refId: r.id, uniqueKey: `settle:${r.id}`, postings };
  }
  const outcome = rules.outcome(r.direction, String(r.open_price), String(r.close_price), r.precision ?? scaleOf(String(r.open_price)));
  const expected = rules.amounts(amount, String(r.payout_rate), outcome);
  if (outcome !== r.outcome || expected.payoutCents !== toCents(r.payout) || expected.pnlCents !== toCents(r.pnl)) {
    throw new Error(
      `settlement of order ${r.id} disagrees with the domain rule: ${r.outcome}/${r.payout}/${r.pnl} vs ${outcome}/${expected.payoutCents}/${expected.pnlCents}`,
    );
  }
  const cash = String(r.cash_account_id);
  const escrow = String(r.escrow_account_id);
  let type: EntrySpec['type'];
  let postings: EntrySpec['postings'];
  switch (outcome) {
    case 'win':
      type = 'order_payout';
      postings = [
        { accountId: escrow, amount: -amount },
        { accountId: cash, amount: expected.payoutCents },
      ];
      if (expected.pnlCents > 0) postings.push({ accountId: houseAccountId, amount: -expected.pnlCents });
      break;
    case 'loss':
      type = 'order_loss';
      postings = [
        { accountId: escrow, amount: -amount },
        { accountId: houseAccountId, amount },
      ];
      break;
    case 'tie':
      type = 'order_refund';
      postings = [
        { accountId: escrow, amount: -amount },
        { accountId: cash, amount },
      ];
      break;
  }
  return { type, userId: r.user_id, refType: 'order', refId: r.id, uniqueKey: `settle:${r.id}`, postings };
}
