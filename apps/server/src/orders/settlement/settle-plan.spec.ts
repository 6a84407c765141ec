import { describe, expect, it } from '@jest/globals';
import { nextStep, SETTLE_WINDOW_GRACE_MS } from './settle-plan.js';
import { SETTLE_GIVE_UP_MS, SETTLE_POLL_MS } from '@candor/cross-process';

const S = 1_763_800_000;
const start = S * 1000;
const end = start + 1000;

describe('nextStep of a settle job', () => {
  it.each<[string, number, number, number | null, ReturnType<typeof nextStep>]>([
    ['nothing open yet, second not over: check again after the grace', start + 100, 0, null, { done: false, at: end + SETTLE_WINDOW_GRACE_MS }],
    [
      'nothing open, second over but within the grace: one more look',
      end + SETTLE_WINDOW_GRACE_MS - 1,
      0,
      null,
      { done: false, at: end + SETTLE_WINDOW_GRACE_MS },
    ],
    ['nothing open after the grace: done', end + SETTLE_WINDOW_GRACE_MS, 0, null, { done: true, leftToSweeper: 0 }],
    ['next order expires later in the second: run just after it', start + 100, 3, start + 700, { done: false, at: start + 720 }],
    ['next order expires within the poll interval: poll', start + 100, 3, start + 110, { done: false, at: start + 100 + SETTLE_POLL_MS }],
    ['expired orders wait for a later tick: poll', end + 50, 2, start + 900, { done: false, at: end + 50 + SETTLE_POLL_MS }],
    ['still waiting long after the second: leave it to the sweeper', end + SETTLE_GIVE_UP_MS, 2, start + 900, { done: true, leftToSweeper: 2 }],
  ])('%s', (_n, now, open, next, expected) => {
    expect(nextStep(S, now, open, next)).toEqual(expected);
  });
});
