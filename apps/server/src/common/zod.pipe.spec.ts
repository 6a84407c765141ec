import { describe, expect, it } from '@jest/globals';
import { z } from 'zod';
import { unstorableTextPath, ZodPipe } from './zod.pipe.js';
import { DomainError } from './domain-error.js';

describe('ZodPipe and storable text', () => {
  it('names the first string that cannot be stored, at any depth, keys included', () => {
    expect(unstorableTextPath({ a: 'ok', b: { c: ['fine', 'x\u0000'] } })).toBe('b.c.1');
    expect(unstorableTextPath({ ['k\u0000']: 1 })).toBe('k\u0000');
    expect(unstorableTextPath('\udfff')).toBe('body');
    expect(unstorableTextPath({ a: 1, b: null, c: ['x'] })).toBeNull();
  });

  it('refuses such text before the schema, with the field', () => {
    const pipe = new ZodPipe(z.strictObject({ name: z.string() }));
    expect(pipe.transform({ name: 'Ann' })).toEqual({ name: 'Ann' });
    try {
      pipe.transform({ name: 'A\u0000nn' });
      throw new Error('accepted');
    } catch (e) {
      expect(e).toBeInstanceOf(DomainError);
      expect((e as DomainError).field).toBe('name');
    }
  });
});
