import { describe, it, expect } from '@jest/globals';
import { createHash } from 'node:crypto';
import { sha256Hex } from './sha256.js';

const reference = (s: string): string => createHash('sha256').update(s, 'utf8').digest('hex');

describe('sha256Hex', () => {
  it.each([
    ['', 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855'],
    ['abc', 'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad'],
    ['abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq', '248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1'],
  ])('FIPS 180-2 vector %p', (input, hex) => expect(sha256Hex(input)).toBe(hex));

  it('matches node:crypto at every length around the block and padding edges', () => {
    for (let n = 0; n <= 200; n++) {
      const s = 'x'.repeat(n);
      expect(sha256Hex(s)).toBe(reference(s));
    }
  });

  it.each([['價格 65000.12'], ['emoji 🚀 and ünïcödé'], ['a'.repeat(1_000_000)], ['\u0000\n\t"\\']])('matches node:crypto for %#', (s) => {
    expect(sha256Hex(s)).toBe(reference(s));
  });
});
