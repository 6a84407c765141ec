import { describe, expect, it } from '@jest/globals';
import { AddressLimits, TokenBucket } from './socket-limits.js';

describe('socket limits', () => {
  it('a bucket gives its burst, then refills at its rate', () => {
    const b = new TokenBucket(10, 3, 0);
    expect([b.take(0), b.take(0), b.take(0), b.take(0)]).toEqual([true, true, true, false]);
    expect(b.take(50)).toBe(false); // half a token
    expect(b.take(100)).toBe(true);
    const unlimited = new TokenBucket(0, 0, 0);
    expect(Array.from({ length: 1000 }, () => unlimited.take(0)).every(Boolean)).toBe(true);
  });

  it('counts sockets per address and forgets an address with none left', () => {
    const l = new AddressLimits(2, 1);
    expect([l.open('a'), l.open('a'), l.open('a'), l.open('b')]).toEqual([true, true, false, true]);
    l.close('a');
    expect(l.open('a')).toBe(true);
    l.close('b');
    expect(l.takeEvent('b')).toBe(true); // unknown address: nothing to limit
    expect(new AddressLimits(0, 0).open('x')).toBe(true);
  });
});
