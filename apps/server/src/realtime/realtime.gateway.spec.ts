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
  const gateway = new RealtimeGateway({} as never, {} as never, { SOCKET_MAX_PER_ADDRESS: 0, SOCKET_ADDRESS_EVENTS_PER_SECOND: 0 } as never);

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
