#!/usr/bin/env node
// Checks a proof of liabilities offline, with nothing but Node (no repository code, no network):
//
//   node scripts/verify-liabilities.mjs proof.json
//
// proof.json is what GET /api/me/liabilities-proof answered (the web app's "download proof.json"):
// { date, root, total, balance, salt, leaf, path: [{ side, hash, sum }] }. The rules (docs/transparency.md):
// SHA-256 as lowercase hex, sums integer cents in decimal and never negative;
//   leaf  = SHA-256("L|" + salt + "|" + balance)
//   node  = SHA-256("N|" + left.sum + "|" + left.hash + "|" + right.sum + "|" + right.hash), sum = left.sum + right.sum
//   empty = { sum: 0, hash: SHA-256("E") } (what an odd node is paired with)
// Folding the path from the leaf must give the published root and total. Compare the root and total with the
// ones published at GET /api/transparency/liabilities. Exit code 0: verified; 1: not; 2: unreadable input.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';

const SUM = /^(0|[1-9]\d*)$/;
const HEX64 = /^[0-9a-f]{64}$/;
const sha256 = (text) => createHash('sha256').update(text, 'utf8').digest('hex');

/** The problems of a proof (empty: it verifies), and the root and total it leads to. */
export function checkProof(proof) {
  const problems = [];
  if (!proof || typeof proof !== 'object') return { problems: ['not a JSON object'] };
  const { date, root, total, balance, salt, leaf, path } = proof;
  if (typeof date !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(date)) problems.push('date is not YYYY-MM-DD');
  for (const [name, v] of Object.entries({ root, leaf, salt }))
    if (typeof v !== 'string' || !HEX64.test(v)) problems.push(`${name} is not 64 lowercase hex digits`);
  for (const [name, v] of Object.entries({ total, balance }))
    if (typeof v !== 'string' || !SUM.test(v)) problems.push(`${name} is not a non-negative integer of cents`);
  if (!Array.isArray(path)) problems.push('path is not a list');
  if (problems.length) return { problems };

  let node = { sum: BigInt(balance), hash: sha256(`L|${salt}|${balance}`) };
  if (node.hash !== leaf) problems.push(`the leaf ${leaf} is not SHA-256("L|salt|balance") = ${node.hash}`);
  path.forEach((step, i) => {
    if (!step || (step.side !== 'left' && step.side !== 'right') || typeof step.hash !== 'string' || !HEX64.test(step.hash)) {
      problems.push(`path[${i}] is malformed`);
      return;
    }
    if (typeof step.sum !== 'string' || !SUM.test(step.sum)) {
      problems.push(`path[${i}].sum ${JSON.stringify(step.sum)} is negative or not an integer of cents`);
      return;
    }
    const sib = { sum: BigInt(step.sum), hash: step.hash };
    const [l, r] = step.side === 'left' ? [sib, node] : [node, sib];
    node = { sum: l.sum + r.sum, hash: sha256(`N|${l.sum}|${l.hash}|${r.sum}|${r.hash}`) };
  });
  if (problems.length) return { problems };
  if (node.hash !== root) problems.push(`the path leads to ${node.hash}, not the root ${root}`);
  if (node.sum.toString() !== total) problems.push(`the sums add up to ${node.sum}, not the total ${total}`);
  return { problems, root: node.hash, total: node.sum.toString() };
}

function main(argv) {
  const file = argv[0];
  if (!file || argv.length > 1) {
    console.error('usage: node scripts/verify-liabilities.mjs proof.json');
    return 2;
  }
  let proof;
  try {
    proof = JSON.parse(readFileSync(file, 'utf8'));
  } catch (e) {
    console.error(`error: cannot read ${file}: ${e.message}`);
    return 2;
  }
  const { problems } = checkProof(proof);
  if (problems.length) {
    console.log('NOT VERIFIED:');
    for (const p of problems) console.log(`  - ${p}`);
    return 1;
  }
  const cents = BigInt(proof.balance);
  console.log(`OK: your balance ${cents / 100n}.${String(cents % 100n).padStart(2, '0')} (${proof.balance} cents) is in the tree of ${proof.date}.`);
  console.log(`  root  ${proof.root}`);
  console.log(`  total ${proof.total} cents`);
  console.log('  Check that this root and total are the ones published at /api/transparency/liabilities for that date.');
  return 0;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) process.exit(main(process.argv.slice(2)));
