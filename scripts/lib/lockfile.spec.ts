import { readFileSync } from 'node:fs';
import { describe, expect, it } from '@jest/globals';

// `npm ci` refuses a lock in which an optional dependency has no entry. The registry here serves only
// linux-x64 builds, so scripts/lock-platform-stubs.mjs must have been run after the last `npm install`.
describe('package-lock.json', () => {
  const lock = JSON.parse(readFileSync(new URL('../../package-lock.json', import.meta.url), 'utf8')) as {
    packages: Record<string, { optionalDependencies?: Record<string, string> }>;
  };
  it('has an entry for every optional dependency, so npm ci accepts it', () => {
    const missing: string[] = [];
    for (const [at, meta] of Object.entries(lock.packages)) {
      for (const dep of Object.keys(meta.optionalDependencies ?? {})) {
        if (!lock.packages[`${at ? `${at}/` : ''}node_modules/${dep}`] && !lock.packages[`node_modules/${dep}`]) missing.push(`${at} -> ${dep}`);
      }
    }
    expect(missing).toEqual([]);
  });
});
