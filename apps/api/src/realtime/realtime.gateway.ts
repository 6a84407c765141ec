import { Logger } from '@nestjs/common';
import { ConnectedSocket, MessageBody, SubscribeMessage, WebSocketGateway, WebSocketServer, type OnGatewayConnection } from '@nestjs/websockets';
import type { Server, Socket } from 'socket.io';
import { channel, PUBLIC_CHANNEL, type ClientToServerEvents, type ServerToClientEvents } from '@candor/contracts';
import { SessionService } from '../auth/session.service.js';
import { TokenService } from '../auth/token.service.js';

export type TypedServer = Server<ClientToServerEvents, ServerToClientEvents>;
type TypedSocket = Socket<ClientToServerEvents, ServerToClientEvents, Record<string, never>, { userId?: string }>;
const MAX_CHANNELS = 60;

function channelsOf(p: unknown): string[] {
  const list = (p as { channels?: unknown })?.channels;
  return Array.isArray(list) ? list.filter((c): c is string => typeof c === 'string' && PUBLIC_CHANNEL.test(c)).slice(0, MAX_CHANNELS) : [];
}

/**
 * A thin typed gateway: public rooms (`ticker:SYMBOL`, `candles:SYMBOL:INTERVAL`) on request,
 * and the private room `user:ID` joined only when the handshake token is valid.
 */
@WebSocketGateway()
export class RealtimeGateway implements OnGatewayConnection {
  private readonly log = new Logger('realtime');
  @WebSocketServer() server: TypedServer;

  constructor(private readonly tokens: TokenService, private readonly sessions: SessionService) {}

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
