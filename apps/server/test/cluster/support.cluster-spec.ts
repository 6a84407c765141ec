import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { generateSecret } from 'otplib';
import { Redis } from 'ioredis';
import { io, type Socket } from 'socket.io-client';
import type { DataSource } from 'typeorm';
import type { AdminSupportMessage, ClientToServerEvents, ServerToClientEvents, SupportMessage } from '@candor/contracts';
import { createDataSource } from '@candor/db';
import { startApi, type ClusterApi } from '../../../../scripts/testing/cluster.mjs';
import { LedgerService } from '../../src/ledger/ledger.service.js';
import { LedgerRepository } from '../../src/ledger/ledger.repository.js';
import { totpCode } from '../support/totp.js';
import { call, registerUser, waitFor } from './cluster-client.js';

/**
 * The support chat across two api processes on one Postgres and Redis: a user's socket on instance A, an agent's
 * on instance B. What one instance emits reaches the other's sockets through the Redis adapter.
 */
type ChatSocket = Socket<ServerToClientEvents, ClientToServerEvents>;
let apiA: ClusterApi;
let apiB: ClusterApi;
let ds: DataSource;
let redis: Redis;
const sockets: ChatSocket[] = [];

function connect(url: string, token: string): Promise<ChatSocket> {
  const socket: ChatSocket = io(url, { path: '/socket.io', transports: ['websocket'], auth: { token }, forceNew: true, reconnection: false });
  sockets.push(socket);
  return new Promise((resolve, reject) => {
    socket.on('connect', () => setTimeout(() => resolve(socket), 200));
    socket.once('connect_error', reject);
  });
}

/** A support operator inserted with a TOTP secret, signed in through `api`. */
async function agentToken(api: ClusterApi): Promise<string> {
  const { PasswordHasher } = await import('../../src/auth/password-hasher.js');
  const { deriveTotpKey, encryptSecret } = await import('../../src/auth/totp/totp-crypto.js');
  const secret = generateSecret();
  const email = `agent-${randomUUID().slice(0, 8)}@candor.test`;
  const key = deriveTotpKey(process.env.TOTP_ENCRYPTION_KEY ?? process.env.JWT_SECRET!);
  await ds.query(`INSERT INTO operators (email, password_hash, role, totp_secret_enc, totp_enrolled_at) VALUES ($1, $2, 'support', $3, now())`, [
    email,
    await new PasswordHasher().hash('agent-pass-12'),
    encryptSecret(key, secret),
  ]);
  const login = await call<{ accessToken: string }>(api.url, 'POST', '/api/admin/auth/login', {
    email,
    password: 'agent-pass-12',
    totp: await totpCode(secret),
  });
  expect(login.status).toBe(200);
  return login.body.accessToken;
}

beforeAll(async () => {
  ds = createDataSource(process.env.DATABASE_URL!);
  await ds.initialize();
  redis = new Redis(process.env.REDIS_URL!);
  [apiA, apiB] = await Promise.all([startApi('support-api-a'), startApi('support-api-b')]);
}, 120_000);

afterAll(async () => {
  for (const s of sockets) s.close();
  await Promise.all([apiA, apiB].filter(Boolean).map((p) => p.stop('SIGTERM')));
  redis?.disconnect();
  await ds?.destroy();
}, 60_000);

describe('support chat across api instances', () => {
  it("a message sent through A reaches the agent's socket on B, and the reply through B the user's socket on A", async () => {
    const user = await registerUser(apiA.url, redis, process.env.CLUSTER_INVITE_CODE!);
    const other = await registerUser(apiB.url, redis, process.env.CLUSTER_INVITE_CODE!);
    const token = await agentToken(apiB);
    const [userSocket, otherSocket, agentSocket] = [await connect(apiA.url, user.token), await connect(apiB.url, other.token), await connect(apiB.url, token)];
    const toAgent: AdminSupportMessage[] = [];
    const toUser: SupportMessage[] = [];
    const toOther: unknown[] = [];
    agentSocket.on('support', (m) => toAgent.push(m as AdminSupportMessage));
    userSocket.on('support', (m) => toUser.push(m));
    otherSocket.on('support', (m) => toOther.push(m));

    const sent = await call<SupportMessage>(
      apiA.url,
      'POST',
      '/api/support/messages',
      { text: 'hello from A', clientId: randomUUID().replace(/-/g, '') },
      user.token,
    );
    expect(sent.status).toBe(201);
    const seen = await waitFor('the agent on B sees it', async () => toAgent.find((m) => m.id === sent.body.id) ?? null, 10_000, 50);
    expect(seen).toMatchObject({ from: 'user', text: 'hello from A', userId: user.id });

    const typed = new Promise<unknown>((resolve) => userSocket.once('support:typing', resolve));
    agentSocket.emit('support:typing', { conversationId: seen.conversationId });
    expect(await typed).toEqual({ conversationId: seen.conversationId, from: 'agent' });

    const reply = await call<AdminSupportMessage>(
      apiB.url,
      'POST',
      `/api/admin/support/conversations/${seen.conversationId}/messages`,
      { text: 'answer from B', clientId: randomUUID().replace(/-/g, '') },
      token,
    );
    expect(reply.status).toBe(201);
    await waitFor('the user on A sees the reply', async () => toUser.some((m) => m.id === reply.body.id) || null, 10_000, 50);
    await new Promise((r) => setTimeout(r, 300));
    expect(toOther).toEqual([]);
    const ledger = new LedgerService(ds, new LedgerRepository(ds));
    expect(await ledger.check()).toMatchObject({ ok: true, imbalance: '0.00' });
  }, 60_000);
});
