import { describe, expect, it } from '@jest/globals';
import type { Order, Wallet } from '@candor/contracts';
import { clientAddress, RealtimeGateway, type TypedServer } from './realtime.gateway.js';
import type { UserPushBatch } from '@candor/cross-process';

/** A socket.io server stand-in: the rooms this instance holds, and every local emit it is asked for. */
function fakeServer(rooms: string[]) {
  const emitted: [room: string, event: string, payload: unknown][] = [];
  const server = {
    sockets: { adapter: { rooms: new Map(rooms.map((r) => [r, new Set(['socket-id'])])) } },
    local: { to: (room: string) => ({ emit: (event: string, payload: unknown) => emitted.push([room, event, payload]) }) },
  };
  return { server: server as unknown as TypedServer, emitted };
}

const order = (id: string) => ({ id, status: 'settled' }) as unknown as Order;
const wallet = (available: string) => ({ available }) as unknown as Wallet;

describe('RealtimeGateway.deliverUserPushes', () => {
  const gateway = new RealtimeGateway({} as never, {} as never, { SOCKET_MAX_PER_ADDRESS: 0, SOCKET_ADDRESS_EVENTS_PER_SECOND: 0 } as never, {} as never);

  it("delivers each push to its user's room, only for the rooms this instance holds", () => {
    const { server, emitted } = fakeServer(['user:a', 'user:c', 'ticker:BTCUSDT']);
    const batch: UserPushBatch = {
      orders: [
        ['a', order('o1')],
        ['b', order('o2')],
        ['c', order('o3')],
        ['a', order('o4')],
      ],
      wallets: [
        ['a', wallet('1.00')],
        ['b', wallet('2.00')],
        ['c', wallet('3.00')],
      ],
    };
    const before = gateway.pushesDelivered;
    gateway.deliverUserPushes(server, batch);
    expect(emitted).toEqual([
      ['user:a', 'order', order('o1')],
      ['user:c', 'order', order('o3')],
      ['user:a', 'order', order('o4')],
      ['user:a', 'wallet', wallet('1.00')],
      ['user:c', 'wallet', wallet('3.00')],
    ]);
    expect(gateway.pushesDelivered - before).toBe(5);
  });

  it('skips what is not a (user id, payload) pair, and a message without lists', () => {
    const { server, emitted } = fakeServer(['user:a']);
    const malformed = { orders: [['a'], [7, order('o1')], 'a', null, ['a', 'not an object'], ['a', order('o2')]], wallets: 'nope' };
    gateway.deliverUserPushes(server, malformed as unknown as UserPushBatch);
    gateway.deliverUserPushes(server, undefined as unknown as UserPushBatch);
    expect(emitted).toEqual([['user:a', 'order', order('o2')]]);
  });
});

describe('clientAddress', () => {
  it('is the socket address unless a trusted proxy sits in front', () => {
    expect(clientAddress('10.0.0.5', '1.2.3.4', false)).toBe('10.0.0.5');
    expect(clientAddress('10.0.0.5', undefined, true)).toBe('10.0.0.5');
  });

  it('behind the proxy, is the entry the proxy appended, not one the client sent (a forged address gets no sockets of its own)', () => {
    expect(clientAddress('10.0.0.5', '203.0.113.7', true)).toBe('203.0.113.7');
    expect(clientAddress('10.0.0.5', '6.6.6.6, 203.0.113.7', true)).toBe('203.0.113.7');
    expect(clientAddress('10.0.0.5', '6.6.6.6,  203.0.113.7 ', true)).toBe('203.0.113.7');
    expect(clientAddress('10.0.0.5', '6.6.6.6, ', true)).toBe('10.0.0.5');
  });
});

describe('RealtimeGateway.subscribe', () => {
  /** A socket stand-in holding rooms; `userId` set as the handshake does for a valid token. */
  function fakeSocket(userId?: string) {
    const rooms = new Set<string>(['socket-id', ...(userId ? [`user:${userId}`, 'session:s1'] : [])]);
    const socket = {
      id: 'socket-id',
      rooms,
      connected: true,
      data: { userId, strikes: 0, address: '10.0.0.1' },
      join: async (list: string[]) => list.forEach((r) => rooms.add(r)),
      leave: async (r: string) => void rooms.delete(r),
      disconnect: () => (socket.connected = false),
    };
    return socket;
  }
  const gateway = new RealtimeGateway({} as never, {} as never, { SOCKET_MAX_PER_ADDRESS: 0, SOCKET_ADDRESS_EVENTS_PER_SECOND: 0 } as never, {} as never);
  gateway.setKnownSymbols(async () => new Set(['BTCUSDT', 'ETHUSDT']));
  const subscribe = (socket: ReturnType<typeof fakeSocket>, channels: unknown) => gateway.subscribe(socket as never, { channels });

  it("names what it refused: another user's room, a session room, an unknown product, a name of no channel", async () => {
    const s = fakeSocket('me');
    const ack = await subscribe(s, ['ticker:BTCUSDT', 'user:someone-else', 'session:s2', 'ticker:NOPE', 'candles:ETHUSDT:1m', 'nonsense']);
    expect(ack).toEqual({
      ok: false,
      channels: ['ticker:BTCUSDT', 'candles:ETHUSDT:1m'],
      refused: ['user:someone-else', 'session:s2', 'ticker:NOPE', 'nonsense'],
    });
    expect([...s.rooms].sort()).toEqual(['candles:ETHUSDT:1m', 'session:s1', 'socket-id', 'ticker:BTCUSDT', 'user:me']);
  });

  it('counts the socket’s own room as joined, and refuses it to a socket without a valid token', async () => {
    expect(await subscribe(fakeSocket('me'), ['user:me', 'ticker:BTCUSDT'])).toEqual({ ok: true, channels: ['ticker:BTCUSDT', 'user:me'], refused: [] });
    const anonymous = fakeSocket();
    expect(await subscribe(anonymous, ['user:me'])).toEqual({ ok: false, channels: [], refused: ['user:me'] });
    expect(anonymous.rooms.has('user:me')).toBe(false);
  });

  it('refuses a malformed message whole, naming nothing, and leaves private rooms only with the socket', async () => {
    const s = fakeSocket('me');
    expect(await subscribe(s, 'ticker:BTCUSDT')).toEqual({ ok: false, channels: [], refused: [] });
    expect(
      await subscribe(
        s,
        Array.from({ length: 21 }, (_, i) => `ticker:X${i}`),
      ),
    ).toEqual({ ok: false, channels: [], refused: [] });
    expect(s.data.strikes).toBe(2);
    await gateway.unsubscribe(s as never, { channels: ['user:me', 'session:s1'] });
    expect(s.rooms.has('user:me') && s.rooms.has('session:s1')).toBe(true);
  });
});
