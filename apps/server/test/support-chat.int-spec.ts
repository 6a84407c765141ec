import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { EventEmitter2 } from '@nestjs/event-emitter';
import sharp from 'sharp';
import { io, type Socket } from 'socket.io-client';
import { ledgerCheck, startApp, type TestApp } from './support/app.js';
import { createOperator, createUser, loginOperator, type LoggedIn } from './support/factories.js';
import { waitFor } from './support/trading.js';

let t: TestApp;
let agent: { token: string; auth: { Authorization: string } };
let agentId: string;
beforeAll(async () => {
  t = await startApp();
  const creds = await createOperator(t, 'support');
  agentId = creds.id;
  agent = await loginOperator(t, creds);
});
afterAll(async () => {
  await t.close();
});

const cid = () => randomUUID().replace(/-/g, '');
const jpeg = () =>
  sharp({ create: { width: 40, height: 30, channels: 3, background: { r: 200, g: 30, b: 30 } } })
    .withMetadata({ exif: { IFD0: { Artist: 'secret-author' } } })
    .jpeg()
    .toBuffer();

function connect(token: string): Promise<Socket> {
  const socket = io(t.url, { path: '/socket.io', auth: { token }, transports: ['websocket'], forceNew: true, reconnection: false });
  return new Promise((resolve, reject) => {
    // The server joins the rooms just after the handshake.
    socket.on('connect', () => setTimeout(() => resolve(socket), 150));
    socket.on('connect_error', reject);
  });
}
const say = (u: LoggedIn, text: string, clientId = cid()) => t.http().post('/api/support/messages').set(u.auth).send({ text, clientId });
const conversationOf = async (u: LoggedIn): Promise<string> =>
  ((await t.ds.query(`SELECT id FROM support_conversations WHERE user_id = $1`, [u.id])) as { id: string }[])[0]!.id;
const reply = (conversationId: string, text: string, clientId = cid()) =>
  t.http().post(`/api/admin/support/conversations/${conversationId}/messages`).set(agent.auth).send({ text, clientId });

describe('support chat', () => {
  it("reaches the user's own socket and the agents' room, never another user's socket", async () => {
    const [alice, bob] = [await createUser(t), await createUser(t)];
    const [aliceSocket, bobSocket, agentSocket] = [await connect(alice.token), await connect(bob.token), await connect(agent.token)];
    const seen = { alice: [] as unknown[], bob: [] as unknown[], agent: [] as unknown[] };
    aliceSocket.on('support', (m) => seen.alice.push(m));
    bobSocket.on('support', (m) => seen.bob.push(m));
    agentSocket.on('support', (m) => seen.agent.push(m));
    try {
      const sent = await say(alice, 'My deposit has not arrived').expect(201);
      expect(sent.body).toMatchObject({ from: 'user', text: 'My deposit has not arrived', status: 'sent' });
      await waitFor('the agent sees it', async () => seen.agent.length >= 1 && seen.alice.length >= 1);
      const conversationId = await conversationOf(alice);
      expect(seen.agent[0]).toMatchObject({ id: sent.body.id, conversationId, userId: alice.id, from: 'user' });

      const answer = await reply(conversationId, 'We are checking it now').expect(201);
      await waitFor('alice sees the reply', async () => seen.alice.some((m) => (m as { id: string }).id === answer.body.id));
      const toAlice = seen.alice.find((m) => (m as { id: string }).id === answer.body.id) as Record<string, unknown>;
      expect(toAlice).toMatchObject({ from: 'agent', text: 'We are checking it now', status: 'sent' });
      // The user's view names no operator and no conversation.
      expect(Object.keys(toAlice).sort()).toEqual(['at', 'clientId', 'from', 'id', 'status', 'text']);
      await new Promise((r) => setTimeout(r, 200));
      expect(seen.bob).toEqual([]);
      expect((await t.http().get('/api/support/messages').set(bob.auth).expect(200)).body).toEqual({ items: [], nextCursor: null });
      expect((await t.http().get('/api/support/unread-count').set(alice.auth).expect(200)).body).toEqual({ count: 1 });
    } finally {
      [aliceSocket, bobSocket, agentSocket].forEach((s) => s.close());
    }
  });

  it('stores a resent client id once and answers the stored message', async () => {
    const u = await createUser(t);
    const clientId = cid();
    const first = await say(u, 'hello', clientId).expect(201);
    const again = await say(u, 'hello (resent)', clientId).expect(201);
    expect(again.body).toEqual(first.body);
    const history = (await t.http().get('/api/support/messages').set(u.auth).expect(200)).body;
    expect(history.items).toHaveLength(1);
    await say(u, 'bad', 'no spaces allowed').expect(400);
    await t.http().post('/api/support/messages').set(u.auth).send({ text: '', clientId: cid() }).expect(400);
  });

  it('pages history newest first with no repeats', async () => {
    const u = await createUser(t);
    for (let i = 1; i <= 7; i++) await say(u, `line ${i}`).expect(201);
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const query: Record<string, string> = cursor ? { limit: '3', cursor } : { limit: '3' };
      const page = (await t.http().get('/api/support/messages').query(query).set(u.auth).expect(200)).body as {
        items: { text: string }[];
        nextCursor: string | null;
      };
      seen.push(...page.items.map((m) => m.text));
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen).toEqual(['line 7', 'line 6', 'line 5', 'line 4', 'line 3', 'line 2', 'line 1']);
    await t.http().get('/api/support/messages').query({ cursor: 'garbage' }).set(u.auth).expect(400);
  });

  it('marks delivered and read on both sides, live', async () => {
    const u = await createUser(t);
    const mine = (await say(u, 'are you there?').expect(201)).body;
    const conversationId = await conversationOf(u);
    const userSocket = await connect(u.token);
    const agentSocket = await connect(agent.token);
    const toUser: { id: string; status: string }[] = [];
    const toAgents: { id: string; status: string }[] = [];
    userSocket.on('support', (m) => toUser.push(m));
    agentSocket.on('support', (m) => toAgents.push(m));
    try {
      // The agent opens the conversation: the user's message is delivered; then reads it.
      await t.http().get(`/api/admin/support/conversations/${conversationId}/messages`).set(agent.auth).expect(200);
      await waitFor('delivered reaches the user', async () => toUser.some((m) => m.id === mine.id && m.status === 'delivered'));
      await t.http().post(`/api/admin/support/conversations/${conversationId}/read`).set(agent.auth).expect(204);
      await waitFor('read reaches the user', async () => toUser.some((m) => m.id === mine.id && m.status === 'read'));

      const theirs = (await reply(conversationId, 'yes').expect(201)).body;
      await t.http().get('/api/support/messages').set(u.auth).expect(200);
      await waitFor('delivered reaches the agents', async () => toAgents.some((m) => m.id === theirs.id && m.status === 'delivered'));
      await t.http().post('/api/support/read').set(u.auth).expect(204);
      await waitFor('read reaches the agents', async () => toAgents.some((m) => m.id === theirs.id && m.status === 'read'));
      expect((await t.http().get('/api/support/unread-count').set(u.auth).expect(200)).body).toEqual({ count: 0 });
      const items = (await t.http().get('/api/support/messages').set(u.auth).expect(200)).body.items as { id: string; status: string }[];
      expect(items.map((m) => [m.id, m.status])).toEqual([
        [theirs.id, 'read'],
        [mine.id, 'read'],
      ]);
      const audit = await t.ds.query(`SELECT action FROM audit_log WHERE target_id = $1 ORDER BY id`, [conversationId]);
      expect(audit.map((a: { action: string }) => a.action)).toEqual(['support.read', 'support.reply']);
    } finally {
      userSocket.close();
      agentSocket.close();
    }
  });

  it('sends images through the upload checks and shows them only to their own user', async () => {
    const [u, other] = [await createUser(t), await createUser(t)];
    const sent = await t
      .http()
      .post('/api/support/messages')
      .set(u.auth)
      .field('clientId', cid())
      .attach('image', await jpeg(), 'p.jpg')
      .expect(201);
    expect(sent.body.imageUrl).toBe(`/api/support/images/${sent.body.id}`);
    const own = await t.http().get(sent.body.imageUrl).set(u.auth).buffer(true).expect(200);
    expect((await sharp(own.body as Buffer).metadata()).exif).toBeUndefined();
    await t.http().get(sent.body.imageUrl).set(other.auth).expect(404);
    await t.http().get(`/api/admin/support/images/${sent.body.id}`).set(agent.auth).expect(200);
    const bad = await t.http().post('/api/support/messages').set(u.auth).field('clientId', cid()).attach('image', Buffer.from('<svg/>'), 'x.svg').expect(400);
    expect(bad.body.error.code).toBe('IMAGE_INVALID');
    await t
      .http()
      .post('/api/support/messages')
      .set(u.auth)
      .field('clientId', 'bad id')
      .attach('image', await jpeg(), 'p.jpg')
      .expect(400);
  });

  it("keeps internal notes from the user's routes and sockets", async () => {
    const u = await createUser(t);
    await say(u, 'hi').expect(201);
    const conversationId = await conversationOf(u);
    const userSocket = await connect(u.token);
    const agentSocket = await connect(agent.token);
    const userEvents: string[] = [];
    const agentNotes: unknown[] = [];
    userSocket.onAny((name, payload) => userEvents.push(`${name}:${JSON.stringify(payload)}`));
    agentSocket.on('support:note', (n) => agentNotes.push(n));
    const secret = `note-${randomUUID()}`;
    try {
      const note = await t.http().post(`/api/admin/support/conversations/${conversationId}/notes`).set(agent.auth).send({ text: secret }).expect(201);
      expect(note.body).toMatchObject({ kind: 'note', text: secret });
      await waitFor('agents see the note', async () => agentNotes.length === 1);
      const entries = (await t.http().get(`/api/admin/support/conversations/${conversationId}/messages`).set(agent.auth).expect(200)).body.items;
      expect(entries.map((e: { kind: string }) => e.kind)).toEqual(['note', 'message']);
      await new Promise((r) => setTimeout(r, 200));
      expect(userEvents.join('\n')).not.toContain(secret);
      for (const path of ['/api/support/messages', '/api/support/unread-count', '/api/me/activity', '/api/messages']) {
        const res = await t.http().get(path).set(u.auth);
        expect(res.status).toBe(200);
        expect(JSON.stringify(res.body)).not.toContain(secret);
      }
    } finally {
      userSocket.close();
      agentSocket.close();
    }
  });

  it('refuses agents without support.chat, and sockets of such operators join no agents room', async () => {
    const u = await createUser(t);
    await say(u, 'hello').expect(201);
    const conversationId = await conversationOf(u);
    const finance = await loginOperator(t, await createOperator(t, 'finance'));
    for (const [method, path] of [
      ['get', '/api/admin/support/conversations'],
      ['get', `/api/admin/support/conversations/${conversationId}/messages`],
      ['post', `/api/admin/support/conversations/${conversationId}/close`],
      ['get', '/api/admin/support/canned'],
    ] as const) {
      const res = await t.http()[method](path).set(finance.auth);
      expect(res.status).toBe(403);
      expect(res.body.error.code).toBe('FORBIDDEN');
    }
    // A user token is no operator token.
    await t.http().get('/api/admin/support/conversations').set(u.auth).expect(401);
    const financeSocket = await connect(finance.token);
    const got: unknown[] = [];
    financeSocket.on('support', (m) => got.push(m));
    try {
      await say(u, 'again').expect(201);
      await new Promise((r) => setTimeout(r, 300));
      expect(got).toEqual([]);
    } finally {
      financeSocket.close();
    }
  });

  it('lists unassigned first, assigns, closes and reopens (audited); a reply to a closed chat is refused', async () => {
    const [a, b] = [await createUser(t), await createUser(t)];
    await say(a, 'first').expect(201);
    await say(b, 'second').expect(201);
    const [ca, cb] = [await conversationOf(a), await conversationOf(b)];
    await t.http().post(`/api/admin/support/conversations/${cb}/assign`).set(agent.auth).send({ operatorId: agentId }).expect(200);
    await t.http().post(`/api/admin/support/conversations/${ca}/assign`).set(agent.auth).send({ operatorId: randomUUID() }).expect(400);
    const inbox = (await t.http().get('/api/admin/support/conversations').query({ limit: '100' }).set(agent.auth).expect(200)).body.items as {
      id: string;
      assigneeId: string | null;
    }[];
    const firstAssigned = inbox.findIndex((c) => c.assigneeId !== null);
    expect(inbox.slice(firstAssigned).every((c) => c.assigneeId !== null)).toBe(true);
    expect(inbox.findIndex((c) => c.id === ca)).toBeLessThan(firstAssigned);
    expect(inbox.find((c) => c.id === cb)).toMatchObject({ assigneeId: agentId });

    await t.http().post(`/api/admin/support/conversations/${ca}/close`).set(agent.auth).expect(200);
    expect((await reply(ca, 'too late')).body.error.code).toBe('SUPPORT_CLOSED');
    await say(a, 'still there?').expect(201);
    expect((await t.http().get(`/api/admin/support/conversations/${ca}`).set(agent.auth).expect(200)).body.status).toBe('open');
    await t.http().post(`/api/admin/support/conversations/${ca}/close`).set(agent.auth).expect(200);
    await t.http().post(`/api/admin/support/conversations/${ca}/reopen`).set(agent.auth).expect(200);
    const actions = await t.ds.query(`SELECT action FROM audit_log WHERE target_id IN ($1, $2) ORDER BY id`, [ca, cb]);
    expect(actions.map((r: { action: string }) => r.action)).toEqual(['support.assign', 'support.close', 'support.close', 'support.reopen']);
  });

  it('writes one inbox message when a reply finds the user away, and publishes support.replied', async () => {
    const u = await createUser(t);
    await say(u, 'question').expect(201);
    const conversationId = await conversationOf(u);
    const published: { userId: string; messageId: string; preview: string }[] = [];
    const listener = (e: { userId: string; messageId: string; preview: string }) => published.push(e);
    const emitter = t.app.get(EventEmitter2);
    emitter.on('support.replied', listener);
    try {
      const one = (await reply(conversationId, 'answer one').expect(201)).body;
      await reply(conversationId, 'answer two').expect(201);
      expect(published[0]).toEqual({ userId: u.id, messageId: one.id, preview: 'answer one' });
      expect(published).toHaveLength(2);
    } finally {
      emitter.off('support.replied', listener);
    }
    const inbox = (await t.http().get('/api/messages?lang=en').set(u.auth).expect(200)).body.items as { title: string }[];
    expect(inbox.filter((m) => m.title === 'Customer service replied')).toHaveLength(1);
    expect((await t.http().get('/api/support/unread-count').set(u.auth).expect(200)).body).toEqual({ count: 2 });
  });

  it('keeps canned replies per language (audited)', async () => {
    const created = await t
      .http()
      .post('/api/admin/support/canned')
      .set(agent.auth)
      .send({ locale: 'en', title: 'Greeting', text: 'Hello, how can I help?' })
      .expect(201);
    const listed = (await t.http().get('/api/admin/support/canned').query({ locale: 'en' }).set(agent.auth).expect(200)).body as { id: string }[];
    expect(listed.map((c) => c.id)).toContain(created.body.id);
    expect(
      (await t.http().get('/api/admin/support/canned').query({ locale: 'ja' }).set(agent.auth).expect(200)).body.map((c: { id: string }) => c.id),
    ).not.toContain(created.body.id);
    await t.http().patch(`/api/admin/support/canned/${created.body.id}`).set(agent.auth).send({ title: 'Hello' }).expect(200);
    await t.http().delete(`/api/admin/support/canned/${created.body.id}`).set(agent.auth).expect(204);
    await t.http().delete(`/api/admin/support/canned/${created.body.id}`).set(agent.auth).expect(404);
    const actions = await t.ds.query(`SELECT action FROM audit_log WHERE target_id = $1 ORDER BY id`, [created.body.id]);
    expect(actions.map((r: { action: string }) => r.action)).toEqual(['support.canned_create', 'support.canned_update', 'support.canned_delete']);
  });

  it('leaves the ledger balanced', async () => {
    expect((await ledgerCheck(t)).ok).toBe(true);
  });
});
