// One run of bench:liabilities in a process of its own (so its peak RSS is its own): `service` builds and
// publishes the date with the server's LiabilitiesService (apps/server/dist) on DATABASE_URL; `bare` is the
// baseline: the same snapshot read in one statement and the same leaves and levels hashed with node:crypto,
// kept in memory, nothing stored. Prints one JSON line { ms, maxRssMb, leaves, root, total }.
import { createHash, createHmac } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import path from 'node:path';
import pg from 'pg';
import { ROOT_DIR } from './common.mjs';

const [mode, date] = process.argv.slice(2);
const url = process.env.DATABASE_URL;
const key = process.env.LIABILITIES_SALT_KEY;
let started = performance.now();
let out;

if (mode === 'service') {
  const dist = (p) => path.join(ROOT_DIR, 'apps/server/dist', p);
  const { createDataSource } = await import('@candor/db');
  const { loadConfig } = await import(dist('config/config.js'));
  const { LiabilitiesRepository } = await import(dist('liabilities/liabilities.repository.js'));
  const { LiabilitiesService } = await import(dist('liabilities/liabilities.service.js'));
  const { SystemClock } = await import(dist('common/clock.js'));
  const ds = createDataSource(url, { logging: false });
  await ds.initialize();
  const svc = new LiabilitiesService(new LiabilitiesRepository(ds), new SystemClock(), loadConfig(process.env));
  started = performance.now(); // the build alone: not the imports and the connection
  const r = await svc.publish(date);
  if (!r.built) throw new Error(`${date} was already published`);
  out = { leaves: r.leaves, root: r.root, total: r.total };
  await ds.destroy();
} else if (mode === 'bare') {
  const sha = (s) => createHash('sha256').update(s).digest();
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  started = performance.now();
  await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ');
  const { rows } = await client.query({
    text: `SELECT user_id, sum(balance)::text AS b FROM ledger_accounts WHERE user_id IS NOT NULL AND kind NOT IN ('demo','demo_escrow') GROUP BY user_id`,
    rowMode: 'array',
  });
  await client.query('COMMIT');
  await client.end();
  // Levels as Buffers of 40-byte nodes, as the service keeps them (JS objects per node would need twice the memory).
  const n = rows.length;
  let level = Buffer.allocUnsafe(n * 40);
  rows.forEach(([id, b], i) => {
    level.writeBigInt64BE(BigInt(b), i * 40);
    sha(`L|${createHmac('sha256', key).update(`${id}|${date}`).digest('hex')}|${b}`).copy(level, i * 40 + 8);
  });
  rows.length = 0;
  const emptyHex = sha('E').toString('hex');
  let count = n;
  while (count > 1) {
    const up = Math.ceil(count / 2);
    const next = Buffer.allocUnsafe(up * 40);
    for (let i = 0; i < up; i++) {
      const l = 2 * i * 40;
      const ls = level.readBigInt64BE(l);
      const lh = level.toString('hex', l + 8, l + 40);
      const odd = 2 * i + 1 >= count;
      const rs = odd ? 0n : level.readBigInt64BE(l + 40);
      const rh = odd ? emptyHex : level.toString('hex', l + 48, l + 80);
      next.writeBigInt64BE(ls + rs, i * 40);
      sha(`N|${ls}|${lh}|${rs}|${rh}`).copy(next, i * 40 + 8);
    }
    level = next;
    count = up;
  }
  out = { leaves: n, root: level.toString('hex', 8, 40), total: level.readBigInt64BE(0).toString() };
} else throw new Error('mode: service | bare');

console.log(JSON.stringify({ ...out, ms: Math.round(performance.now() - started), maxRssMb: Math.round(process.resourceUsage().maxRSS / 1024) }));
