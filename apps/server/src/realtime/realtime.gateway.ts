import { Logger } from '@nestjs/common';
import {
  ConnectedSocket,
  MessageBody,
  SubscribeMessage,
  WebSocketGateway,
  WebSocketServer,
  type OnGatewayConnection,
  type OnGatewayInit,
} from '@nestjs/websockets';
import type { Server, Socket } from 'socket.io';
import { channel, PUBLIC_CHANNEL, type ClientToServerEvents, type ServerToClientEvents } from '@candor/contracts';
import { SessionService } from '../auth/session.service.js';
import { TokenService } from '../auth/token.service.js';
import { USER_PUSHES_EVENT, type InterServerEvents, type UserPushBatch } from '@candor/cross-process';

export type TypedServer = Server<ClientToServerEvents, ServerToClientEvents, InterServerEvents>;
type TypedSocket = Socket<ClientToServerEvents, ServerToClientEvents, Record<string, never>, { userId?: string }>;
const MAX_CHANNELS = 60;

function channelsOf(p: unknown): string[] {
  const list = (p as { channels?: unknown })?.channels;
  return Array.isArray(list) ? list.filter((c): c is string => typeof c === 'string' && PUBLIC_CHANNEL.test(c)).slice(0, MAX_CHANNELS) : [];
}

/** Pairs of a batch list that name a user (anything else in a malformed message is skipped). */
function* userPairs<T>(list: unknown): Generator<[string, T]> {
  if (!Array.isArray(list)) return;
  for (const p of list) if (Array.isArray(p) && typeof p[0] === 'string' && p[1] && typeof p[1] === 'object') yield p as [string, T];
}

/**
 * A thin typed gateway: public rooms (`ticker:SYMBOL`, `candles:SYMBOL:INTERVAL`) on request,
 * and the private room `user:ID` joined only when the handshake token is valid. Also delivers the
 * worker's batched user pushes (USER_PUSHES_EVENT) to the rooms this instance holds.
 */
@WebSocketGateway()
export class RealtimeGateway implements OnGatewayConnection, OnGatewayInit<TypedServer> {
  private readonly log = new Logger('realtime');
  @WebSocketServer() server: TypedServer;
  /** User pushes this instance delivered to its sockets' rooms (a running count, read by its unit test). */
  pushesDelivered = 0;

  constructor(
    private readonly tokens: TokenService,
    private readonly sessions: SessionService,
  ) {}

  afterInit(server: TypedServer): void {
    server.on(USER_PUSHES_EVENT, (batch) => this.deliverUserPushes(server, batch));
  }

  /**
   * Each push goes to `user:ID` on this instance only (every instance receives the batch), and only
   * when this instance holds the room: most users of a batch are on other instances, and socket.io
   * encodes a packet before it looks for the room's sockets.
   */
  deliverUserPushes(server: TypedServer, batch: UserPushBatch): void {
    const rooms = server.sockets.adapter.rooms;
    for (const [userId, order] of userPairs<UserPushBatch['orders'][number][1]>(batch?.orders)) {
      const room = channel.user(userId);
      if (!rooms.has(room)) continue;
      server.local.to(room).emit('order', order);
      this.pushesDelivered++;
    }
    for (const [userId, wallet] of userPairs<UserPushBatch['wallets'][number][1]>(batch?.wallets)) {
      const room = channel.user(userId);
      if (!rooms.has(room)) continue;
      server.local.to(room).emit('wallet', wallet);
      this.pushesDelivered++;
    }
  }

  async handleConnection(socket: TypedSocket): Promise<void> {
    const token = (socket.handshake.auth as { token?: unknown } | undefined)?.token;
    if (typeof token !== 'string' || !token) return;
    const claims = await this.tokens.verify(token, 'user');
    if (!claims || (await this.sessions.isRevoked(claims.sid))) {
      this.log.debug(`socket ${socket.id}: bad token, public channels only`);
      return;
    }
    socket.data.userId = claims.sub;
    await socket.join(channel.user(claims.sub));
  }

  @SubscribeMessage('subscribe')
  async subscribe(@ConnectedSocket() socket: TypedSocket, @MessageBody() payload: unknown) {
    const channels = channelsOf(payload);
    const current = [...socket.rooms].filter((r) => PUBLIC_CHANNEL.test(r)).length;
    const allowed = channels.slice(0, Math.max(0, MAX_CHANNELS - current));
    await socket.join(allowed);
    return { ok: allowed.length === channels.length, channels: allowed };
  }

  @SubscribeMessage('unsubscribe')
  async unsubscribe(@ConnectedSocket() socket: TypedSocket, @MessageBody() payload: unknown) {
    for (const c of channelsOf(payload)) await socket.leave(c);
    return { ok: true };
  }
}
