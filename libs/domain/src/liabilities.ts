/**
 * Proof of liabilities: a Merkle sum tree over what the platform owes each user on a date (docs/transparency.md).
 * Pure and shared: the server builds and stores the tree, the web app and scripts/verify-liabilities.mjs check a
 * proof against the published root. Sums are integer cents as decimal strings (never negative); hashes are
 * SHA-256 as lowercase hex. Every function takes the hash to use, so the server can hash a million leaves with
 * node:crypto and the browser with crypto.subtle, over the very same preimages written out here.
 */
import { sha256Hex } from './sha256.js';

/** SHA-256 of a UTF-8 string as lowercase hex; may answer a promise (crypto.subtle). */
export type HashFn = (text: string) => string | Promise<string>;

export interface SumNode {
  /** Integer cents, decimal, no sign, no leading zeros. */
  sum: string;
  hash: string;
}

export interface ProofStep extends SumNode {
  /** Which side of the pair the sibling is on. */
  side: 'left' | 'right';
}

export interface LiabilitiesProof {
  date: string;
  root: string;
  total: string;
  balance: string;
  salt: string;
  leaf: string;
  path: ProofStep[];
}

/** One published day: its record hash is what the next day's `previous` names. */
export interface LiabilitiesRecord {
  date: string;
  root: string;
  total: string;
  previous: string;
}

/** The `previous` of the first published day (64 zeros). */
export const LIABILITIES_GENESIS = '0'.repeat(64);

const SUM = /^(0|[1-9]\d*)$/;
const HEX64 = /^[0-9a-f]{64}$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

export const isSum = (s: unknown): s is string => typeof s === 'string' && SUM.test(s);
export const isHash = (s: unknown): s is string => typeof s === 'string' && HEX64.test(s);

/** The text hashed for a leaf. */
export const leafPreimage = (salt: string, sum: string): string => `L|${salt}|${sum}`;
/** The text hashed for an inner node. */
export const nodePreimage = (left: SumNode, right: SumNode): string => `N|${left.sum}|${left.hash}|${right.sum}|${right.hash}`;
/** The text hashed for the empty node an odd node is paired with. */
export const EMPTY_PREIMAGE = 'E';
/** The text hashed for a published record. */
export const recordPreimage = (r: LiabilitiesRecord): string => `R|${r.date}|${r.root}|${r.total}|${r.previous}`;
/** The message the salt is the HMAC-SHA-256 of, under the server's secret. */
export const saltMessage = (userId: string, date: string): string => `${userId}|${date}`;

/** Adds two decimal sums (BigInt: no rounding, whatever the size). */
export const addSums = (a: string, b: string): string => (BigInt(a) + BigInt(b)).toString();

export async function emptyNode(hash: HashFn = sha256Hex): Promise<SumNode> {
  return { sum: '0', hash: await hash(EMPTY_PREIMAGE) };
}

export async function leafNode(salt: string, sum: string, hash: HashFn = sha256Hex): Promise<SumNode> {
  return { sum, hash: await hash(leafPreimage(salt, sum)) };
}

export async function parentNode(left: SumNode, right: SumNode, hash: HashFn = sha256Hex): Promise<SumNode> {
  return { sum: addSums(left.sum, right.sum), hash: await hash(nodePreimage(left, right)) };
}

export async function recordHash(r: LiabilitiesRecord, hash: HashFn = sha256Hex): Promise<string> {
  return hash(recordPreimage(r));
}

/**
 * Every level of the tree, leaves first, root last (a level of one node). An odd node at any level is paired
 * with the empty node. No leaves: the root is the empty node. For tests and small trees; the server builds the
 * same levels with its own compact code (liabilities-tree.ts) and a spec checks the two agree.
 */
export async function buildLevels(leaves: readonly SumNode[], hash: HashFn = sha256Hex): Promise<SumNode[][]> {
  const empty = await emptyNode(hash);
  if (leaves.length === 0) return [[empty]];
  const levels: SumNode[][] = [leaves.slice()];
  while (levels[levels.length - 1]!.length > 1) {
    const below = levels[levels.length - 1]!;
    const up: SumNode[] = [];
    for (let i = 0; i < below.length; i += 2) up.push(await parentNode(below[i]!, below[i + 1] ?? empty, hash));
    levels.push(up);
  }
  return levels;
}

/** The path of leaf `index`: its sibling at each level, from the leaves up to the root's children. */
export async function proofPath(levels: readonly (readonly SumNode[])[], index: number, hash: HashFn = sha256Hex): Promise<ProofStep[]> {
  const empty = await emptyNode(hash);
  const path: ProofStep[] = [];
  let i = index;
  for (let l = 0; l < levels.length - 1; l++) {
    const sib = levels[l]![i ^ 1] ?? empty;
    path.push({ side: i % 2 === 0 ? 'right' : 'left', sum: sib.sum, hash: sib.hash });
    i >>= 1;
  }
  return path;
}

export type ProofCheck = { ok: true } | { ok: false; reason: string };

/**
 * Checks a proof: its fields are well formed and every sum is 0 or more; the leaf is SHA-256("L|salt|balance");
 * folding the path from the leaf (adding sums, hashing pairs in their sides) gives the root and the total.
 */
export async function verifyLiabilitiesProof(proof: LiabilitiesProof, hash: HashFn = sha256Hex): Promise<ProofCheck> {
  const p = proof as Partial<LiabilitiesProof> | null;
  if (!p || typeof p !== 'object') return { ok: false, reason: 'not a proof' };
  if (typeof p.date !== 'string' || !DATE.test(p.date)) return { ok: false, reason: 'bad date' };
  if (!isHash(p.root) || !isHash(p.leaf) || !isHash(p.salt)) return { ok: false, reason: 'bad root, leaf or salt' };
  if (!isSum(p.total) || !isSum(p.balance)) return { ok: false, reason: 'bad or negative total or balance' };
  if (!Array.isArray(p.path) || p.path.length > 64) return { ok: false, reason: 'bad path' };
  let node: SumNode = { sum: p.balance, hash: await hash(leafPreimage(p.salt, p.balance)) };
  if (node.hash !== p.leaf) return { ok: false, reason: 'the leaf is not the hash of the salt and balance' };
  for (const step of p.path as unknown[]) {
    const s = step as Partial<ProofStep> | null;
    if (!s || (s.side !== 'left' && s.side !== 'right') || !isHash(s.hash)) return { ok: false, reason: 'bad path step' };
    if (!isSum(s.sum)) return { ok: false, reason: 'a path sum is negative or malformed' };
    const sib: SumNode = { sum: s.sum, hash: s.hash };
    node = s.side === 'left' ? await parentNode(sib, node, hash) : await parentNode(node, sib, hash);
  }
  if (node.hash !== p.root) return { ok: false, reason: 'the path does not lead to the root' };
  if (node.sum !== p.total) return { ok: false, reason: 'the sums do not add up to the total' };
  return { ok: true };
}

/** Checks a published chain, oldest first: each record's `previous` is the hash of the one before (the first: zeros). */
export async function verifyLiabilitiesChain(records: readonly LiabilitiesRecord[], hash: HashFn = sha256Hex): Promise<ProofCheck> {
  let previous = LIABILITIES_GENESIS;
  for (const r of records) {
    if (r.previous !== previous) return { ok: false, reason: `${r.date}: previous does not name the record before` };
    if (!isSum(r.total) || !isHash(r.root)) return { ok: false, reason: `${r.date}: bad root or total` };
    previous = await recordHash(r, hash);
  }
  return { ok: true };
}
