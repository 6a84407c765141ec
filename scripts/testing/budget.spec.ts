import { describe, expect, it } from '@jest/globals';
import { LIGHTHOUSE_FAULT_CEILING_US, LIGHTHOUSE_HOST_FLOOR, pageFaultMicros, performanceVerdict } from './budget.mjs';

const run = (performance: number, benchmarkIndex: number, faultMicros?: number) => ({ performance, benchmarkIndex, faultMicros });

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

  it('leaves a miss unjudged on a host whose page faults cost more than the ceiling, whatever its index', () => {
    const slowFaults = performanceVerdict({ runs: [run(70, 2600, LIGHTHOUSE_FAULT_CEILING_US + 0.1), run(72, 2500, 12)] });
    expect(slowFaults.verdict).toBe('unjudged');
    expect(slowFaults.reason).toContain(`over ${LIGHTHOUSE_FAULT_CEILING_US} us a page fault`);
    expect(slowFaults.reason).toContain('benchmarkIndex 2500, fault 12 us');
    // One run on a calibrated host is enough to judge the route; a run without the figure is judged by its index.
    const oneCalibrated = performanceVerdict({ runs: [run(70, 2600, 12), run(90, 2500, LIGHTHOUSE_FAULT_CEILING_US)] });
    expect(oneCalibrated).toEqual({ verdict: 'fail', reason: `best 90 < 95 on hosts of benchmarkIndex 2500, fault ${LIGHTHOUSE_FAULT_CEILING_US} us` });
    expect(performanceVerdict({ runs: [run(90, 2500)] }).verdict).toBe('fail');
  });

  it('judges every run with mode enforce and none with mode report', () => {
    expect(performanceVerdict({ runs: [run(75, 1100)] }, { mode: 'enforce' }).verdict).toBe('fail');
    expect(performanceVerdict({ runs: [run(75, 2900, 15)] }, { mode: 'enforce' }).verdict).toBe('fail');
    expect(performanceVerdict({ runs: [run(75, 2900)] }, { mode: 'report' }).verdict).toBe('unjudged');
  });
});

describe('pageFaultMicros', () => {
  it('times the first touch of fresh pages: dearer than writing to pages already mapped', () => {
    const pages = 4096;
    const mapped = Buffer.alloc(pages * 4096, 1); // every page written once already
    const start = process.hrtime.bigint();
    for (let i = 0; i < mapped.length; i += 4096) mapped[i] = 2;
    const rewriteMicros = Number(process.hrtime.bigint() - start) / 1000 / pages;
    const fault = pageFaultMicros({ pages, trials: 3 });
    expect(Number.isFinite(fault)).toBe(true);
    expect(fault).toBeGreaterThan(rewriteMicros);
  });
});
