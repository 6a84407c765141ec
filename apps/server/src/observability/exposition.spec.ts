import { describe, expect, it } from '@jest/globals';
import { mergeExpositions } from './exposition.js';

/** What BullMQ's Queue.exportPrometheusMetrics() answers for one queue (its format, spaces included). */
const perQueue = (queue: string, waiting: number, completed: number) =>
  [
    '# HELP bullmq_job_count Number of jobs in the queue by state',
    '# TYPE bullmq_job_count gauge',
    `bullmq_job_count{queue="${queue}", state="waiting"} ${waiting}`,
    `bullmq_job_count{queue="${queue}", state="active"} 0`,
    '# HELP bullmq_job_completed_total Total number of completed jobs',
    '# TYPE bullmq_job_completed_total counter',
    `bullmq_job_completed_total{queue="${queue}"} ${completed}`,
  ].join('\n');

describe('mergeExpositions', () => {
  it("declares each family once and keeps every queue's samples under it", () => {
    expect(mergeExpositions([perQueue('a', 3, 10), perQueue('b', 0, 2)])).toBe(
      [
        '# HELP bullmq_job_count Number of jobs in the queue by state',
        '# TYPE bullmq_job_count gauge',
        'bullmq_job_count{queue="a",state="waiting"} 3',
        'bullmq_job_count{queue="a",state="active"} 0',
        'bullmq_job_count{queue="b",state="waiting"} 0',
        'bullmq_job_count{queue="b",state="active"} 0',
        '# HELP bullmq_job_completed_total Total number of completed jobs',
        '# TYPE bullmq_job_completed_total counter',
        'bullmq_job_completed_total{queue="a"} 10',
        'bullmq_job_completed_total{queue="b"} 2',
        '',
      ].join('\n'),
    );
  });

  it("keeps a histogram's bucket, sum and count samples in its family", () => {
    const h = ['# TYPE x_seconds histogram', 'x_seconds_bucket{le="1"} 1', 'x_seconds_sum 0.5', 'x_seconds_count 1'].join('\n');
    const out = mergeExpositions([h, h.replace('le="1"} 1', 'le="1"} 2')]);
    expect(out.match(/# TYPE/g)).toHaveLength(1);
    expect(out.split('\n').filter((l) => l.startsWith('x_seconds'))).toHaveLength(6);
  });

  it('answers nothing for nothing', () => {
    expect(mergeExpositions(['', '\n'])).toBe('');
  });
});
