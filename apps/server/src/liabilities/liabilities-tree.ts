import { createHash, createHmac } from 'node:crypto';
import { EMPTY_PREIMAGE, leafPreimage, saltMessage, type ProofStep, type SumNode } from '@candor/domain';

/**
 * The server's compact Merkle sum tree (the rules are libs/domain/src/liabilities.ts; a spec checks the two
 * agree). A level is one Buffer of 40-byte nodes: the sum as a big-endian int64, then the 32-byte hash. A
 * million leaves make about 80 MB of levels, hashed with node:crypto over the very preimages of the domain.
 */
export const NODE_BYTES = 40;
/** Nodes to a stored row (liabilities_nodes.data): 40 KiB. */
export const CHUNK_NODES = 1024;

const sha = (text: string): Buffer => createHash('sha256').update(text, 'utf8').digest();
export const EMPTY_HASH_HEX = sha(EMPTY_PREIMAGE).toString('hex');

/** The salt of a user's leaf on a date: HMAC-SHA-256(key, "userId|date") in hex. */
export const leafSalt = (key: string, userId: string, date: string): string => createHmac('sha256', key).update(saltMessage(userId, date)).digest('hex');

/** A short fingerprint of the salt key, kept with each tree: proofs of a tree salted under another key are refused. */
export const keyId = (key: string): string => createHmac('sha256', key).update('liabilities-key-id').digest('hex').slice(0, 16);

/** The order key of a date: leaves are ordered by md5(orderKey || user id), random and fixed for the date. */
export const orderKey = (key: string, date: string): string => createHmac('sha256', key).update(`order|${date}`).digest('hex');

export function writeLeaf(level: Buffer, i: number, salt: string, sum: bigint): void {
  level.writeBigInt64BE(sum, i * NODE_BYTES);
  sha(leafPreimage(salt, sum.toString())).copy(level, i * NODE_BYTES + 8);
}

export function readNode(buf: Buffer, i: number): SumNode {
  const off = i * NODE_BYTES;
  return { sum: buf.readBigInt64BE(off).toString(), hash: buf.toString('hex', off + 8, off + NODE_BYTES) };
}

/** The level above `below` (`count` nodes): pairs hashed, an odd last node paired with the empty node. */
export function levelAbove(below: Buffer, count: number): { level: Buffer; count: number } {
  const up = Math.ceil(count / 2);
  const level = Buffer.allocUnsafe(up * NODE_BYTES);
  for (let i = 0; i < up; i++) {
    const l = 2 * i * NODE_BYTES;
    const ls = below.readBigInt64BE(l);
    const lh = below.toString('hex', l + 8, l + NODE_BYTES);
    let rs = 0n;
    let rh = EMPTY_HASH_HEX;
    if (2 * i + 1 < count) {
      const r = l + NODE_BYTES;
      rs = below.readBigInt64BE(r);
      rh = below.toString('hex', r + 8, r + NODE_BYTES);
    }
    level.writeBigInt64BE(ls + rs, i * NODE_BYTES);
    sha(`N|${ls}|${lh}|${rs}|${rh}`).copy(level, i * NODE_BYTES + 8);
  }
  return { level, count: up };
}

/** Every level from the leaves up to the root (one node); no leaves: the empty node alone. */
export function buildLevelsFrom(leaves: Buffer, count: number): Buffer[] {
  if (count === 0) {
    const root = Buffer.alloc(NODE_BYTES);
    Buffer.from(EMPTY_HASH_HEX, 'hex').copy(root, 8);
    return [root];
  }
  const levels = [leaves];
  let cur = { level: leaves, count };
  while (cur.count > 1) {
    cur = levelAbove(cur.level, cur.count);
    levels.push(cur.level);
  }
  return levels;
}

/** How many nodes each level of a tree of `leaves` leaves has, leaves first. */
export function levelSizes(leaves: number): number[] {
  const sizes = [Math.max(leaves, 1)];
  while (sizes[sizes.length - 1]! > 1) sizes.push(Math.ceil(sizes[sizes.length - 1]! / 2));
  return sizes;
}

/** Where leaf `index`'s siblings are: per level below the root, the sibling's node index, or null (the empty node). */
export function siblingIndexes(leaves: number, index: number): { level: number; node: number | null; side: ProofStep['side'] }[] {
  const sizes = levelSizes(leaves);
  const out: { level: number; node: number | null; side: ProofStep['side'] }[] = [];
  let i = index;
  for (let l = 0; l < sizes.length - 1; l++) {
    const sib = i ^ 1;
    out.push({ level: l, node: sib < sizes[l]! ? sib : null, side: i % 2 === 0 ? 'right' : 'left' });
    i >>= 1;
  }
  return out;
}
