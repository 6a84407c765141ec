import { describe, expect, it } from '@jest/globals';
import { MAX_SAVED_POSITIONS, ScrollPositions, entryKey } from './scrollPositions';

describe('scroll positions of history entries', () => {
  it('returns to the saved position on a step back or forward, and to the top on any other navigation', () => {
    const s = new ScrollPositions();
    s.remember('list', 1234.4);
    expect(s.target('list', 'POP')).toBe(1234);
    expect(s.target('list', 'PUSH')).toBe(0);
    expect(s.target('list', 'REPLACE')).toBe(0);
    expect(s.target('never-seen', 'POP')).toBe(0);
  });

  it('keeps a fresh load of another address at the top: every fresh load has the key "default"', () => {
    const s = new ScrollPositions();
    s.remember(entryKey({ key: 'default', pathname: '/pages/information/information', search: '' }), 514);
    // A reload of the same address returns to where it was; a new address opened in the tab starts at the top.
    expect(s.target(entryKey({ key: 'default', pathname: '/pages/information/information', search: '' }), 'POP')).toBe(514);
    expect(s.target(entryKey({ key: 'default', pathname: '/pages/index/index', search: '' }), 'POP')).toBe(0);
    expect(s.target(entryKey({ key: 'default', pathname: '/pages/information/detail', search: '?id=1' }), 'POP')).toBe(0);
  });

  it('keeps the latest position of an entry', () => {
    const s = new ScrollPositions();
    s.remember('list', 100);
    s.remember('list', 640);
    expect(s.target('list', 'POP')).toBe(640);
  });

  it(`keeps at most ${MAX_SAVED_POSITIONS} entries, dropping the least recently saved`, () => {
    const s = new ScrollPositions();
    for (let i = 0; i <= MAX_SAVED_POSITIONS; i++) s.remember(`k${i}`, i + 1);
    s.remember('k1', 999); // saved again: now the newest
    s.remember('extra', 5);
    expect(Object.keys(s.toJSON())).toHaveLength(MAX_SAVED_POSITIONS);
    expect(s.target('k0', 'POP')).toBe(0);
    expect(s.target('k2', 'POP')).toBe(0);
    expect(s.target('k1', 'POP')).toBe(999);
    expect(s.target('extra', 'POP')).toBe(5);
  });

  it('round-trips through JSON and ignores saved values that are not positions', () => {
    const s = new ScrollPositions({ a: 10, b: -3, c: Number.NaN });
    s.remember('d', 20);
    const again = new ScrollPositions(JSON.parse(JSON.stringify(s)) as Record<string, number>);
    expect(again.toJSON()).toEqual({ a: 10, d: 20 });
  });
});
