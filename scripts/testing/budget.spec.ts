import { describe, expect, it } from '@jest/globals';
import { LIGHTHOUSE_HOST_FLOOR, performanceVerdict } from './budget.mjs';

const run = (performance: number, benchmarkIndex: number) => ({ performance, benchmarkIndex });

describe('performanceVerdict', () => {
  it('passes a route when any run reaches the floor, on any host', () => {
    expect(performanceVerdict({ runs: [run(90, 2800), run(96, 2700)] }).verdict).toBe('pass');
    expect(performanceVerdict({ runs: [run(95, 900)] }).verdict).toBe('pass');
  });

  it('fails a route whose runs all missed when one ran on a host the preset is calibrated for', () => {
    const v = performanceVerdict({ runs: [run(80, 1200), run(93, LIGHTHOUSE_HOST_FLOOR)] });
    expect(v).toEqual({ verdict: 'fail', reason: `best 93 < 95 on hosts of benchmarkIndex ${LIGHTHOUSE_HOST_FLOOR}` });
  });

  it('leaves a miss unjudged when every run was on a slower host, and says so', () => {
    const v = performanceVerdict({ runs: [run(75, 1100), run(79, LIGHTHOUSE_HOST_FLOOR - 1)] });
    expect(v.verdict).toBe('unjudged');
    expect(v.reason).toContain(`under benchmarkIndex ${LIGHTHOUSE_HOST_FLOOR}`);
    expect(performanceVerdict({ runs: [] }).verdict).toBe('unjudged');
  });

  it('judges every run with mode enforce and none with mode report', () => {
    expect(performanceVerdict({ runs: [run(75, 1100)] }, { mode: 'enforce' }).verdict).toBe('fail');
    expect(performanceVerdict({ runs: [run(75, 2900)] }, { mode: 'report' }).verdict).toBe('unjudged');
  });
});
