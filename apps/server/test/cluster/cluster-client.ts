import { randomInt } from 'node:crypto';
import { expect } from '@jest/globals';
import type { Redis } from 'ioredis';
import { io, type Socket } from 'socket.io-client';
import type { ClientToServerEvents, Order, ServerToClientEvents, TickerEvent, Wallet } from '@candor/contracts';
import { REDIS_KEYS } from '@candor/cross-process';

/** What the cluster tests do as a user: HTTP through one api, a socket.io client on another. */

export interface Answer<T> {
  status: number;
  body: T;
}

export async function call<T = Record<string, unknown>>(base: string, method: string, path: string, body?: unknown, token?: string): Promise<Answer<T>> {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: { ...(body === undefined ? {} : { 'Content-Type': 'application/json' }), ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: AbortSignal.timeout(15_000),
  });
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : null) as T };
}

export interface ClusterUser {
  id: string;
  token: string;
  email: string;
  password: string;
}

/** Registers (both steps, the captcha's answer read from Redis) and logs in through `api`. */
export async function registerUser(api: string, redis: Redis, inviteCode: string): Promise<ClusterUser> {
  const email = `cluster.${Date.now().toString(36)}.${randomInt(1e9)}@example.com`;
  const phone = `139${String(randomInt(1e8)).padStart(8, '0')}`;
  const password = 'cluster-pass-1';
  const captcha = await call<{ captchaId: string }>(api, 'GET', '/api/auth/captcha');
  expect(captcha.status).toBe(200);
  const captchaCode = await redis.get(REDIS_KEYS.captcha(captcha.body.captchaId));
  const check = await call<{ registrationToken: string }>(api, 'POST', '/api/auth/register/check', {
    email,
    phone,
    inviteCode,
    captchaId: captcha.body.captchaId,
    captchaCode,
  });
  expect(check.status).toBe(200);
  const reg = await call<{ userId: string }>(api, 'POST', '/api/auth/register', {
    registrationToken: check.body.registrationToken,
    password,
    confirmPassword: password,
    tradePassword: '246810',
    confirmTradePassword: '246810',
  });
  expect(reg.status).toBe(201);
  const login = await call<{ accessToken: string }>(api, 'POST', '/api/auth/login', { email, password });
  expect(login.status).toBe(200);
  return { id: reg.body.userId, token: login.body.accessToken, email, password };
}

export interface OrderRequest {
  symbol: string;
  direction: 'up' | 'down';
  amount: string;
  durationSeconds: number;
}

/** A demo order: the simulator's prices (FEED=simulated) trade demo money only (PRICE_SIMULATED for real). */
export async function placeOrder(api: string, user: ClusterUser, req: OrderRequest): Promise<Order> {
  const res = await call<Order>(api, 'POST', '/api/orders', { ...req, account: 'demo' }, user.token);
  if (res.status !== 201) throw new Error(`POST /api/orders through ${api}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

/** A socket.io client (websocket transport) and everything it received; it subscribes to `channels` again after each (re)connect, as the web app does. */
export interface Listener {
  socket: Socket<ServerToClientEvents, ClientToServerEvents>;
  orders: Order[];
  wallets: Wallet[];
  ticks: (TickerEvent & { receivedAt: number })[];
  /** System messages pushed to the user (`message`). */
  messages: { id: string; title: string; body: string }[];
  connects: number[];
  disconnects: { reason: string; at: number }[];
}

export async function listen(url: string, token: string | null, channels: string[] = []): Promise<Listener> {
  const socket: Listener['socket'] = io(url, {
    path: '/socket.io',
    transports: ['websocket'],
    auth: token ? { token } : {},
    forceNew: true,
    reconnectionDelay: 200,
    reconnectionDelayMax: 1000,
  });
  const l: Listener = { socket, orders: [], wallets: [], ticks: [], messages: [], connects: [], disconnects: [] };
  socket.on('order', (o) => l.orders.push(o));
  socket.on('wallet', (w) => l.wallets.push(w));
  socket.on('ticker', (t) => l.ticks.push({ ...t, receivedAt: Date.now() }));
  socket.on('message', (m) => l.messages.push(m));
  socket.on('disconnect', (reason) => l.disconnects.push({ reason, at: Date.now() }));
  const subscribed = new Promise<void>((resolve, reject) => {
    socket.on('connect', () => {
      l.connects.push(Date.now());
      if (channels.length === 0) return resolve();
      socket.emit('subscribe', { channels }, (r) => (r.ok ? resolve() : reject(new Error(`subscribe refused: ${JSON.stringify(r)}`))));
    });
    socket.once('connect_error', reject);
  });
  await subscribed;
  return l;
}

export const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/** Polls `fn` until it returns something truthy; throws with `what` after `timeoutMs`. */
export async function waitFor<T>(
  what: string,
  fn: () => Promise<T | null | undefined | false> | T | null | undefined | false,
  timeoutMs = 10_000,
  everyMs = 50,
): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const v = await fn();
    if (v) return v;
    if (Date.now() > end) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await sleep(everyMs);
  }
}
