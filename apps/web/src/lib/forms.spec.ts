import { describe, expect, it } from '@jest/globals';
import { digitsOnly, hasErrors, translateErrors } from './forms';

describe('helpers', () => {
  it('digitsOnly keeps digits up to the limit', () => {
    expect(digitsOnly('12a3-45 67', 6)).toBe('123456');
  });
  it('hasErrors and translateErrors', () => {
    expect(hasErrors({})).toBe(false);
    expect(hasErrors({ a: undefined })).toBe(false);
    expect(hasErrors({ a: 'k' })).toBe(true);
    expect(translateErrors({ a: 'ns:k', b: undefined }, (k) => `T(${k})`)).toEqual({ a: 'T(ns:k)' });
  });
});
