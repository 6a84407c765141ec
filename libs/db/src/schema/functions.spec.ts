import { describe, expect, it } from '@jest/globals';
import { MIGRATIONS } from '../data-source.js';
import { SCHEMA_FUNCTIONS } from './functions.js';

describe('schema functions module', () => {
  it('each statement creates or replaces the function it is named after', () => {
    const misnamed = SCHEMA_FUNCTIONS.filter((f) => !new RegExp(`^CREATE OR REPLACE FUNCTION ${f.name}\\(`).test(f.sql));
    expect(misnamed.map((f) => f.name)).toEqual([]);
  });

  it('names, for each, a migration that exists', () => {
    const names = new Set(MIGRATIONS.map((m) => m.name));
    expect(SCHEMA_FUNCTIONS.filter((f) => !names.has(f.migration)).map((f) => `${f.name}: ${f.migration}`)).toEqual([]);
  });
});
