import { describe, expect, it } from '@jest/globals';
import type { Page } from '@candor/contracts';
import { flattenPages } from './paging';

describe('flattenPages', () => {
  it('keeps page order and drops repeats', () => {
    const pages: Page<{ id: string }>[] = [
      { items: [{ id: '3' }, { id: '2' }], nextCursor: '2' },
      { items: [{ id: '2' }, { id: '1' }], nextCursor: null },
    ];
    expect(flattenPages({ pages, pageParams: [null, '2'] }).map((x) => x.id)).toEqual(['3', '2', '1']);
    expect(flattenPages(undefined)).toEqual([]);
  });
});
