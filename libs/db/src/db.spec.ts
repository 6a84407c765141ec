import { describe, expect, it } from '@jest/globals';
import { ENTITIES, ENTRY_TYPES, MIGRATIONS, PLATFORM_ACCOUNT_KINDS, USER_ACCOUNT_KINDS } from './index.js';

describe('migrations', () => {
  const stamps = MIGRATIONS.map((m) => Number(/(\d{13})$/.exec(m.name)?.[1]));

  it('each class name ends in its 13-digit timestamp, as TypeORM records it', () => {
    expect(MIGRATIONS.filter((m) => !/^[A-Z][A-Za-z]+\d{13}$/.test(m.name)).map((m) => m.name)).toEqual([]);
  });

  it('are listed in the order they run, each timestamp once', () => {
    expect(stamps).toEqual([...stamps].sort((a, b) => a - b));
    expect(new Set(stamps).size).toBe(stamps.length);
  });
});

describe('ledger constants', () => {
  it('account kinds are unique, and no kind is both a user and a platform account', () => {
    const all = [...USER_ACCOUNT_KINDS, ...PLATFORM_ACCOUNT_KINDS];
    expect(new Set(all).size).toBe(all.length);
  });

  it('entry types are unique and fit the 24-character column', () => {
    expect(new Set(ENTRY_TYPES).size).toBe(ENTRY_TYPES.length);
    expect(ENTRY_TYPES.filter((t) => t.length > 24)).toEqual([]);
  });

  it('every entity is listed once', () => {
    expect(new Set(ENTITIES).size).toBe(ENTITIES.length);
  });
});
