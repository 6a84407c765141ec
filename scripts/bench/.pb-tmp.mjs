import 'reflect-metadata';
import { randomUUID } from 'node:crypto';
import { createDataSource } from '@candor/db';
import { OrdersRepository } from '@candor/api/orders/orders.repository';
const ds = createDataSource(process.env.DATABASE_URL); await ds.initialize();
const N = Number(process.env.USERS ?? 300), B = Number(process.env.BATCH ?? 50), R = Number(process.env.ROUNDS ?? 40);
let users = await ds.query(`SELECT u.id, c.id AS cash, e.id AS escrow FROM users u JOIN ledger_accounts c ON c.user_id=u.id AND c.kind='cash' JOIN ledger_accounts e ON e.user_id=u.id AND e.kind='escrow'`);
if (users.length < N) {
  for (let i = users.length; i < N; i++) {
    const id = randomUUID();
    await ds.query(`INSERT INTO users (id,email,phone,nickname,password_hash,trade_password_hash,invite_code,registration_code) VALUES ($1,$2,$3,'n','x','x',$4,'X')`, [id, `u${i}@x`, `1${String(i).padStart(9,'0')}`, `I${i}`]);
    await ds.query(`INSERT INTO ledger_accounts (user_id, kind, balance) VALUES ($1,'cash',100000000),($1,'escrow',0),($1,'demo',0),($1,'demo_escrow',0)`, [id]);
  }
  users = await ds.query(`SELECT u.id, c.id AS cash, e.id AS escrow FROM users u JOIN ledger_accounts c ON c.user_id=u.id AND c.kind='cash' JOIN ledger_accounts e ON e.user_id=u.id AND e.kind='escrow'`);
}
const repo = new OrdersRepository(ds);
if (process.env.EXPLAIN) { await ds.query(`LOAD 'auto_explain'`); await ds.query(`SET auto_explain.log_min_duration = 0`); await ds.query(`SET auto_explain.log_analyze = on`); await ds.query(`SET auto_explain.log_nested_statements = on`); await ds.query(`SET auto_explain.log_timing = on`); }
let seq = 0; const t0 = performance.now(); let n = 0;
for (let r = 0; r < R; r++) {
  const batch = [];
  for (let i = 0; i < B; i++) {
    const u = users[(r * B + i) % users.length]; const id = randomUUID();
    batch.push({ order: { id, orderNo: 'B' + Date.now() + '-' + (seq++), userId: u.id, account: 'real', symbol: 'BTCUSDT', direction: 'up', amountCents: 1000, durationSeconds: 300, payoutRate: '0.85', openPrice: '100.5', openTickSeq: '1', openedAt: new Date(), expiresAt: new Date(Date.now() + 300000) },
      from: String(u.cash), to: String(u.escrow), claim: { subjectId: u.id, key: randomUUID(), scope: 'POST /api/orders', requestHash: 'a'.repeat(64), status: 201, response: { id, x: 'y'.repeat(300) } } });
  }
  const res = await repo.placeBatch(batch); n += res.filter(x => x.status === 'placed').length;
}
const ms = performance.now() - t0;
console.log(`${n} placed in ${R} batches of ${B}: ${(ms / n).toFixed(3)} ms per order wall (single client)`);
await ds.destroy();
