// Table tests of how scripts/test.mjs counts a jest tier: a crash, a test file that failed to
// load, an empty tier or a timeout must never add up to "0 failed".
import { describe, expect, it } from '@jest/globals';
import { failureLines, tierOutcome } from './jest-summary.mjs';

const result = (over: Record<string, unknown> = {}) => ({
  success: true,
  numTotalTests: 3,
  numPassedTests: 3,
  numFailedTests: 0,
  numRuntimeErrorTestSuites: 0,
  ...over,
});

describe('tierOutcome', () => {
  it.each([
    ['all passed, exit 0', { result: result(), code: 0 }, 3, 0],
    ['some failed', { result: result({ success: false, numPassedTests: 2, numFailedTests: 1 }), code: 1 }, 2, 1],
    ['a test file failed to load', { result: result({ success: false, numRuntimeErrorTestSuites: 1 }), code: 1 }, 3, 1],
    [
      'two files failed to load and nothing else ran',
      { result: result({ success: false, numTotalTests: 0, numPassedTests: 0, numRuntimeErrorTestSuites: 2 }), code: 1 },
      0,
      2,
    ],
    [
      'failures and a file that failed to load add up',
      { result: result({ success: false, numPassedTests: 1, numFailedTests: 2, numRuntimeErrorTestSuites: 1 }), code: 1 },
      1,
      3,
    ],
    ['no test found', { result: result({ success: false, numTotalTests: 0, numPassedTests: 0 }), code: 1 }, 0, 1],
    ['no test found but exit 0 (--passWithNoTests)', { result: result({ numTotalTests: 0, numPassedTests: 0 }), code: 0 }, 0, 1],
    ['all passed but jest exited 1 (e.g. setup error after tests)', { result: result(), code: 1 }, 3, 1],
    ['all passed but success false', { result: result({ success: false }), code: 0 }, 3, 1],
    ['all passed but killed by a signal', { result: result(), code: null, signal: 'SIGTERM' }, 3, 1],
    ['all passed but timed out', { result: result(), code: 0, timedOut: true }, 3, 1],
    ['no results: global setup crashed', { result: null, code: 1 }, 0, 1],
    ['no results: killed', { result: null, code: null, signal: 'SIGKILL' }, 0, 1],
    ['no results: timed out', { result: null, code: null, signal: 'SIGTERM', timedOut: true }, 0, 1],
  ])('%s', (_name, run, passed, failed) => {
    const outcome = tierOutcome(run as Parameters<typeof tierOutcome>[0]);
    expect({ passed: outcome.passed, failed: outcome.failed }).toEqual({ passed, failed });
    if (failed > (run.result?.numFailedTests ?? 0)) expect(outcome.notes.length).toBeGreaterThan(0);
  });

  it('explains each extra failure', () => {
    expect(tierOutcome({ result: null, code: 1 }).notes[0]).toMatch(/setup crashed/);
    expect(tierOutcome({ result: result({ numTotalTests: 0, numPassedTests: 0 }), code: 1 }).notes[0]).toMatch(/ran no test/);
    expect(tierOutcome({ result: null, code: null, timedOut: true }).notes[0]).toMatch(/timed out/);
  });
});

describe('failureLines', () => {
  const root = '/repo';
  it('names each failed test by file and full name with the first line of its error', () => {
    const lines = failureLines(
      {
        testResults: [
          {
            name: '/repo/apps/web/e2e/account.e2e.ts',
            status: 'failed',
            assertionResults: [
              { status: 'passed', fullName: 'account opens' },
              {
                status: 'failed',
                fullName: 'account › shows the balance',
                failureMessages: ['\u001b[31m\nError: expect(received).toBe(expected)\n\nExpected: 1\nReceived: 2\n    at x (y.ts:1:1)'],
              },
            ],
          },
          { name: '/repo/libs/domain/src/money.spec.ts', status: 'passed', assertionResults: [{ status: 'passed', fullName: 'adds' }] },
        ],
      },
      root,
    );
    expect(lines).toEqual(['apps/web/e2e/account.e2e.ts › account › shows the balance: Error: expect(received).toBe(expected)']);
  });

  it('names a file that failed to run, and cuts long messages', () => {
    const long = 'x'.repeat(300);
    const lines = failureLines(
      {
        testResults: [
          { name: '/elsewhere/a.spec.ts', status: 'failed', assertionResults: [], testExecError: { message: `● Test suite failed to run\n\n${long}` } },
        ],
      },
      root,
    );
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^\/elsewhere\/a\.spec\.ts \(the file failed to run\): x{159}…$/);
  });

  it('says nothing when jest wrote no results or nothing failed', () => {
    expect(failureLines(null, root)).toEqual([]);
    expect(failureLines({ testResults: [{ name: '/repo/a.spec.ts', status: 'passed', assertionResults: [] }] }, root)).toEqual([]);
  });
});
