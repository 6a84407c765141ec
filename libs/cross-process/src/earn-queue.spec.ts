import { describe, expect, it } from '@jest/globals';
import { earnJobId, QUEUES } from './index.js';

describe("Yu'e Bao's queue", () => {
  it('names catch-up jobs by reason and minute, without a single ":" (BullMQ refuses it)', () => {
    const at = new Date('2031-03-17T01:02:59.999Z');
    expect(earnJobId('boot', at)).toBe('earn-boot-203103170102');
    expect(earnJobId('boot', new Date('2031-03-17T01:02:00Z'))).toBe(earnJobId('boot', at));
    expect(earnJobId('overdue', at)).not.toBe(earnJobId('boot', at));
    expect(earnJobId('boot', at)).not.toContain(':');
    expect(QUEUES.earn).toEqual({ name: 'earn', jobs: { post: 'earn-post' } });
  });
});
