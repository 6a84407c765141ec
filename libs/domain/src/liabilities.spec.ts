import { describe, expect, it } from '@jest/globals';
import { createHash, createHmac } from 'node:crypto';
import {
  buildLevels,
  emptyNode,
  leafNode,
  LIABILITIES_GENESIS,
  proofPath,
  recordHash,
  verifyLiabilitiesChain,
  verifyLiabilitiesProof,
  type LiabilitiesProof,
  type SumNode,
} from './liabilities.js';

const sha = (s: string) => createHash('sha256').update(s, 'utf8').digest('hex');
const salt = (user: string, date: string) => createHmac('sha256', 'test-secret').update(`${user}|${date}`).digest('hex');
const DATE = '2026-12-01';

/** A tree of `balances` (one user each) and every user's proof. */
async function tree(balances: string[]) {
  const users = balances.map((b, i) => ({ id: `u${i}`, balance: b, salt: salt(`u${i}`, DATE) }));
  const leaves = await Promise.all(users.map((u) => leafNode(u.salt, u.balance)));
  const levels = await buildLevels(leaves);
  const root = levels[levels.length - 1]![0]!;
  const proofs: LiabilitiesProof[] = await Promise.all(
    users.map(async (u, i) => ({
      date: DATE,
      root: root.hash,
      total: root.sum,
      balance: u.balance,
      salt: u.salt,
      leaf: leaves[i]!.hash,
      path: await proofPath(levels, i),
    })),
  );
  return { users, leaves, levels, root, proofs };
}

describe('liabilities Merkle sum tree', () => {
  it('hashes exactly as documented (recomputed by hand for three leaves)', async () => {
    const { root, proofs, leaves } = await tree(['1050', '0', '250']);
    const E = sha('E');
    const [l0, l1, l2] = leaves.map((l) => l.hash);
    expect(l0).toBe(sha(`L|${salt('u0', DATE)}|1050`));
    const n01 = sha(`N|1050|${l0}|0|${l1}`);
    const n2e = sha(`N|250|${l2}|0|${E}`);
    expect(root).toEqual({ sum: '1300', hash: sha(`N|1050|${n01}|250|${n2e}`) });
    expect(proofs[2]!.path).toEqual([
      { side: 'right', hash: E, sum: '0' },
      { side: 'left', hash: n01, sum: '1050' },
    ]);
    expect(await emptyNode()).toEqual({ sum: '0', hash: E });
  });

  it.each([0, 1, 2, 3, 5, 8, 13])('every proof of a %i-leaf tree verifies, also with an async hash', async (n) => {
    const { proofs, root } = await tree(Array.from({ length: n }, (_, i) => String(i * 137 + 1)));
    if (n === 0) expect(root).toEqual(await emptyNode());
    for (const p of proofs) {
      expect(await verifyLiabilitiesProof(p)).toEqual({ ok: true });
      expect(await verifyLiabilitiesProof(p, async (s) => sha(s))).toEqual({ ok: true });
    }
  });

  it('sums are exact beyond 2^53 cents', async () => {
    const { proofs, root } = await tree(['9007199254740993', '9007199254740993']);
    expect(root.sum).toBe('18014398509481986');
    expect(await verifyLiabilitiesProof(proofs[0]!)).toEqual({ ok: true });
  });

  it('a changed balance fails', async () => {
    const { proofs } = await tree(['100', '200', '300', '400']);
    const p = proofs[1]!;
    expect((await verifyLiabilitiesProof({ ...p, balance: '201' })).ok).toBe(false);
    // Even with the leaf recomputed for the new balance, the root does not follow.
    const leaf = sha(`L|${p.salt}|199`);
    expect(await verifyLiabilitiesProof({ ...p, balance: '199', leaf })).toEqual({ ok: false, reason: 'the path does not lead to the root' });
  });

  it('a user left out of the tree has no proof that verifies', async () => {
    const { proofs } = await tree(['100', '200', '300']);
    const missing = { salt: salt('u-missing', DATE), balance: '500' };
    for (const p of proofs) {
      const forged = { ...p, ...missing, leaf: sha(`L|${missing.salt}|${missing.balance}`) };
      expect((await verifyLiabilitiesProof(forged)).ok).toBe(false);
    }
  });

  it('a negative sum on the path fails, even when the root was built with it', async () => {
    // A dishonest tree: a negative leaf hides 400 of debt (total 300 instead of 700).
    const leaves = [await leafNode(salt('a', DATE), '500'), { sum: '-400', hash: sha(`L|${salt('b', DATE)}|-400`) }, await leafNode(salt('c', DATE), '200')];
    const levels = await buildLevels(leaves);
    const root = levels[levels.length - 1]![0]!;
    expect(root.sum).toBe('300');
    const p: LiabilitiesProof = {
      date: DATE,
      root: root.hash,
      total: root.sum,
      balance: '500',
      salt: salt('a', DATE),
      leaf: leaves[0]!.hash,
      path: await proofPath(levels, 0),
    };
    expect(await verifyLiabilitiesProof(p)).toEqual({ ok: false, reason: 'a path sum is negative or malformed' });
    expect((await verifyLiabilitiesProof({ ...p, balance: '-1' })).ok).toBe(false);
  });

  it('a parent whose sum is the larger child (not the sum of both) fails', async () => {
    const { leaves } = await tree(['100', '200', '300', '400']);
    // The dishonest builder: sum = max(left, right), hashed consistently, so the published total is smaller.
    const maxParent = (l: SumNode, r: SumNode): SumNode => {
      const sum = String(Math.max(Number(l.sum), Number(r.sum)));
      return { sum, hash: sha(`N|${l.sum}|${l.hash}|${r.sum}|${r.hash}`) };
    };
    const a = maxParent(leaves[0]!, leaves[1]!);
    const b = maxParent(leaves[2]!, leaves[3]!);
    const root = maxParent(a, b);
    expect(root.sum).toBe('400');
    const p: LiabilitiesProof = {
      date: DATE,
      root: root.hash,
      total: root.sum,
      balance: '100',
      salt: salt('u0', DATE),
      leaf: leaves[0]!.hash,
      path: [
        { side: 'right', ...leaves[1]! },
        { side: 'right', ...b },
      ],
    };
    expect((await verifyLiabilitiesProof(p)).ok).toBe(false);
  });

  it('refuses malformed proofs', async () => {
    const { proofs } = await tree(['1', '2']);
    const p = proofs[0]!;
    for (const bad of [
      { ...p, root: p.root.toUpperCase() },
      { ...p, total: '01' },
      { ...p, path: [{ ...p.path[0]!, side: 'up' }] },
      { ...p, path: [{ ...p.path[0]!, sum: '1.5' }] },
      { ...p, date: 'yesterday' },
      { ...p, total: '4' },
    ])
      expect((await verifyLiabilitiesProof(bad as LiabilitiesProof)).ok).toBe(false);
  });

  it('a chain links each record to the hash of the one before', async () => {
    const d1 = { date: '2026-12-01', root: sha('r1'), total: '10', previous: LIABILITIES_GENESIS };
    const d2 = { date: '2026-12-02', root: sha('r2'), total: '12', previous: await recordHash(d1) };
    expect(await recordHash(d1)).toBe(sha(`R|2026-12-01|${d1.root}|10|${LIABILITIES_GENESIS}`));
    expect(await verifyLiabilitiesChain([d1, d2])).toEqual({ ok: true });
    expect((await verifyLiabilitiesChain([{ ...d1, total: '11' }, d2])).ok).toBe(false);
    expect((await verifyLiabilitiesChain([d2])).ok).toBe(false);
  });
});
