import { describe, expect, it } from '@jest/globals';
import { execFileSync, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { checkProof } from './verify-liabilities.mjs';

const FIXTURE = path.resolve('scripts/fixtures/liabilities-proof.json');
const sha = (s: string) => createHash('sha256').update(s, 'utf8').digest('hex');
const fixture = () => JSON.parse(readFileSync(FIXTURE, 'utf8')) as Record<string, unknown> & { path: { side: string; hash: string; sum: string }[] };

/** The fixture's tree, worked out here step by step: salts a.., b.., c.. with 10.50, 0.00 and 2.50. */
function handRoot() {
  const [a, b, c] = ['a', 'b', 'c'].map((x) => x.repeat(64));
  const l0 = sha(`L|${a}|1050`);
  const l1 = sha(`L|${b}|0`);
  const l2 = sha(`L|${c}|250`);
  const left = sha(`N|1050|${l0}|0|${l1}`);
  const right = sha(`N|250|${l2}|0|${sha('E')}`);
  return sha(`N|1050|${left}|250|${right}`);
}

function run(proof: unknown) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'liab-'));
  const file = path.join(dir, 'proof.json');
  writeFileSync(file, JSON.stringify(proof));
  return spawnSync(process.execPath, ['scripts/verify-liabilities.mjs', file], { encoding: 'utf8' });
}

describe('scripts/verify-liabilities.mjs', () => {
  it('verifies the committed fixture, whose root is worked out by hand', () => {
    const p = fixture();
    expect(p.root).toBe(handRoot());
    expect(p.root).toBe('7b6175deb82f9dd88c9dfe2c9840f2a13db5ae01b384929da06cad0b30bd824c');
    expect(checkProof(p)).toEqual({ problems: [], root: p.root, total: '1300' });
    const out = execFileSync(process.execPath, ['scripts/verify-liabilities.mjs', FIXTURE], { encoding: 'utf8' });
    expect(out).toContain('OK: your balance 2.50 (250 cents)');
  });

  it.each([
    ['a changed balance', (p: ReturnType<typeof fixture>) => ({ ...p, balance: '251' })],
    ['a changed total', (p: ReturnType<typeof fixture>) => ({ ...p, total: '1301' })],
    ['a negative path sum', (p: ReturnType<typeof fixture>) => ({ ...p, path: [p.path[0], { ...p.path[1], sum: '-1050' }] })],
    ['a sibling on the wrong side', (p: ReturnType<typeof fixture>) => ({ ...p, path: [p.path[0], { ...p.path[1], side: 'right' }] })],
    ['a step left out', (p: ReturnType<typeof fixture>) => ({ ...p, path: [p.path[1]] })],
    ['another salt (another user)', (p: ReturnType<typeof fixture>) => ({ ...p, salt: 'd'.repeat(64), leaf: sha(`L|${'d'.repeat(64)}|250`) })],
  ])('%s: exit 1, NOT VERIFIED', (_name, change) => {
    const res = run(change(fixture()));
    expect({ status: res.status, out: res.stdout.split('\n')[0] }).toEqual({ status: 1, out: 'NOT VERIFIED:' });
  });

  it('unreadable input: exit 2', () => {
    expect(spawnSync(process.execPath, ['scripts/verify-liabilities.mjs', '/nonexistent/proof.json']).status).toBe(2);
    expect(spawnSync(process.execPath, ['scripts/verify-liabilities.mjs']).status).toBe(2);
  });
});
