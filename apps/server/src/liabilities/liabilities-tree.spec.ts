import { describe, expect, it } from '@jest/globals';
import { buildLevels, leafNode, proofPath } from '@candor/domain';
import { buildLevelsFrom, NODE_BYTES, readNode, siblingIndexes, writeLeaf, leafSalt, EMPTY_HASH_HEX } from './liabilities-tree.js';

describe('the server tree agrees with libs/domain', () => {
  it.each([0, 1, 2, 3, 7, 8, 33, 1025])('%i leaves: same levels, same paths', async (n) => {
    const users = Array.from({ length: n }, (_, i) => ({ id: `user-${i}`, sum: BigInt(i * 9973 + (i % 3 === 0 ? 0 : 1)) }));
    const buf = Buffer.alloc(n * NODE_BYTES);
    users.forEach((u, i) => writeLeaf(buf, i, leafSalt('k'.repeat(32), u.id, '2026-12-01'), u.sum));
    const fast = buildLevelsFrom(buf, n);
    const ref = await buildLevels(await Promise.all(users.map((u) => leafNode(leafSalt('k'.repeat(32), u.id, '2026-12-01'), u.sum.toString()))));
    expect(fast.map((l) => l.length / NODE_BYTES)).toEqual(ref.map((l) => l.length));
    fast.forEach((level, l) => ref[l]!.forEach((node, i) => expect(readNode(level, i)).toEqual(node)));
    for (const i of [0, 1, n - 1].filter((x) => x >= 0 && x < n)) {
      const path = siblingIndexes(n, i).map((s) => ({
        side: s.side,
        ...(s.node === null ? { sum: '0', hash: EMPTY_HASH_HEX } : readNode(fast[s.level]!, s.node)),
      }));
      expect(path).toEqual(await proofPath(ref, i));
    }
  });
});
