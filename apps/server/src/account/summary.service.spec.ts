import { describe, expect, it } from '@jest/globals';
import { newTestService } from '../../test/utils.js';
import { APP_CONFIG, type AppConfig } from '../config/config.js';
import { LedgerService } from '../ledger/ledger.service.js';
import { SummaryRepository } from './summary.repository.js';
import { SummaryService } from './summary.service.js';

type Balances = Awaited<ReturnType<LedgerService['balances']>>;
const config = { PLATFORM_TIMEZONE: 'Asia/Taipei' } as AppConfig;

function build(balances: Partial<Balances>, pnl: { total: string; today: string } | null) {
  const { sut, mocks } = newTestService(SummaryService, [[APP_CONFIG, config]]);
  mocks
    .get<LedgerService>(LedgerService)
    .balances.mockResolvedValue({ cash: 0, hold: 0, escrow: 0, earn_pending: 0, earn_confirmed: 0, ...balances } as Balances);
  const summaries = mocks.get<SummaryRepository>(SummaryRepository);
  summaries.pnl.mockResolvedValue(pnl);
  summaries.pendingDeposits.mockResolvedValue('1234');
  return { summary: sut as SummaryService, summaries };
}

describe('SummaryService.forUser', () => {
  it("totals the user's balances, Yu'e Bao pending and confirmed alike, what is in review, and the trading result in the platform's time zone", async () => {
    const { summary, summaries } = build(
      { cash: 10_000, hold: 2_500, escrow: 1_000, earn_pending: 300, earn_confirmed: 700 },
      { total: '-1250', today: '400' },
    );
    await expect(summary.forUser('u1')).resolves.toEqual({
      totalAssets: '145.00',
      available: '100.00',
      frozen: '25.00',
      inOrders: '10.00',
      earn: '10.00',
      pnlTotal: '-12.50',
      pnlToday: '4.00',
      pendingDeposits: '12.34',
      inReview: '37.34',
    });
    expect(summaries.pnl).toHaveBeenCalledWith('u1', 'Asia/Taipei');
  });

  it('a user who never traded has a result of zero', async () => {
    const { summary } = build({ cash: 5 }, null);
    await expect(summary.forUser('u1')).resolves.toMatchObject({ totalAssets: '0.05', pnlTotal: '0.00', pnlToday: '0.00' });
  });
});
