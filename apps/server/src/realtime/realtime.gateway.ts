import { Inject, Logger } from '@nestjs/common';
import { OnAppEvent } from '../events/event-bus.js';
import type { AppEvents } from '../events/app-events.js';
import {
  ConnectedSocket,
  MessageBody,
  SubscribeMessage,
  WebSocketGateway,
  WebSocketServer,
  type OnGatewayConnection,
  type OnGatewayDisconnect,
  type OnGatewayInit,
} from '@nestjs/websockets';
import type { Server, Socket } from 'socket.io';
import {
  channel,
  hasPermission,
  PUBLIC_CHANNEL,
  SUPPORT_AGENTS_ROOM,
  type ClientToServerEvents,
  type ServerToClientEvents,
  type SubscribeAck,
} from '@candor/contracts';
import { SessionService } from '../auth/session.service.js';
import { TokenService } from '../auth/token.service.js';
import { OperatorAccessRepository } from '../auth/operator-access.repository.js';
import { APP_CONFIG, type AppConfig } from '../config/config.js';
import { AddressLimits, TokenBucket } from './socket-limits.js';
import { USER_PUSHES_EVENT, type InterServerEvents, type UserPushBatch } from '@candor/cross-process';

export type TypedServer = Server<ClientToServerEvents, ServerToClientEvents, InterServerEvents>;
interface SocketData {
  userId?: string;
  /** An operator's socket (console token with `support.chat`): it is in the agents' room. */
  operatorId?: string;
  address: string;
  events: TokenBucket;
  /** Refused messages so far: a client that keeps sending them is cut off. */
  strikes: number;
  expiry?: NodeJS.Timeout;
}
type TypedSocket = Socket<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>;
/** Public channels one socket may hold, and may name in one message. */
const MAX_CHANNELS = 60;
const MAX_PER_MESSAGE = 20;
const MAX_STRIKES = 5;
/** Longer names are no channel of ours, and are not echoed back in a refusal. */
const MAX_NAME = 64;
/** The private room of one login session: revoking the session ends its sockets on every instance. */
const sessionRoom = (sid: string) => `session:${sid}`;

/** The names a message gives (strings of at most MAX_NAME characters), or null when it is no list of at most MAX_PER_MESSAGE. */
function namesOf(p: unknown): string[] | null {
  const list = (p as { channels?: unknown })?.channels;
  if (!Array.isArray(list) || list.length > MAX_PER_MESSAGE) return null;
  return [...new Set(list.filter((c): c is string => typeof c === 'string' && c.length <= MAX_NAME))];
}
const symbolOf = (ch: string): string => ch.split(':')[1] ?? '';

/** Who sent `support:typing`: a user (their own conversation), or an agent (naming one). */
export type TypingSender = { kind: 'user'; userId: string } | { kind: 'agent'; operatorId: string };
type TypingRelay = (sender: TypingSender, conversationId: unknown) => Promise<void>;

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
export class RealtimeGateway implements OnGatewayConnection, OnGatewayDisconnect, OnGatewayInit<TypedServer> {
  private readonly log = new Logger('realtime');
  @WebSocketServer() server: TypedServer;
  /** User pushes this instance delivered to its sockets' rooms (a running count, read by its unit test). */
  pushesDelivered = 0;
  private readonly addresses: AddressLimits;
  /** The products that exist, as the market reports them (none until it does). */
  private knownSymbols: () => Promise<ReadonlySet<string>> = async () => new Set();
  /** The support chat's typing relay (set by the support feature). */
  private typingRelay: TypingRelay | null = null;

  constructor(
    private readonly tokens: TokenService,
    private readonly sessions: SessionService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly operators: OperatorAccessRepository,
  ) {
    this.addresses = new AddressLimits(config.SOCKET_MAX_PER_ADDRESS, config.SOCKET_ADDRESS_EVENTS_PER_SECOND);
  }

  setKnownSymbols(source: () => Promise<ReadonlySet<string>>): void {
    this.knownSymbols = source;
  }

  setTypingRelay(relay: TypingRelay): void {
    this.typingRelay = relay;
  }

  afterInit(server: TypedServer): void {
    server.on(USER_PUSHES_EVENT, (batch) => this.deliverUserPushes(server, batch));
  }

  /** Through the Redis adapter this reaches the session's sockets on every api instance. */
  @OnAppEvent('session.revoked')
  endSessionSockets({ sessionId }: AppEvents['session.revoked']): void {
    this.server?.in(sessionRoom(sessionId)).disconnectSockets(true);
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
    const address = this.addressOf(socket);
    if (!this.addresses.open(address)) {
      this.log.warn(`socket ${socket.id}: too many sockets from ${address}, disconnected`);
      socket.disconnect(true);
      return;
    }
    socket.data.address = address;
    socket.data.strikes = 0;
    socket.data.events = new TokenBucket(this.config.SOCKET_EVENTS_PER_SECOND, this.config.SOCKET_EVENTS_PER_SECOND * 3);
    // Every event pays from the socket's bucket and its address's; an empty one ends the socket.
    socket.use((_packet, next) => {
      if (socket.data.events.take() && this.addresses.takeEvent(address)) return next();
      this.log.warn(`socket ${socket.id} from ${address}: too many events, disconnected`);
      socket.disconnect(true);
    });
    const token = (socket.handshake.auth as { token?: unknown } | undefined)?.token;
    if (typeof token !== 'string' || !token) return;
    const claims = (await this.tokens.verify(token, 'user')) ?? (await this.agentClaims(token));
    if (!claims || (await this.sessions.isRevoked(claims.sid))) {
      this.log.debug(`socket ${socket.id}: bad token, public channels only`);
      return;
    }
    if (!socket.connected) return;
    if ('agent' in claims) {
      socket.data.operatorId = claims.sub;
      await socket.join([SUPPORT_AGENTS_ROOM, sessionRoom(claims.sid)]);
    } else {
      socket.data.userId = claims.sub;
      await socket.join([channel.user(claims.sub), sessionRoom(claims.sid)]);
    }
    // A socket does not outlive its token: the client reconnects with a fresh one.
    const left = (claims.exp ?? 0) * 1000 - Date.now();
    socket.data.expiry = setTimeout(() => socket.disconnect(true), Math.min(Math.max(left, 0), 2 ** 31 - 1));
  }

  /**
   * A console token of an operator whose role, as stored now, has `support.chat` (not disabled): the socket joins
   * the agents' room and nothing else. A role changed later counts from the operator's next connection.
   */
  private async agentClaims(token: string): Promise<{ sub: string; sid: string; exp?: number; agent: true } | null> {
    const claims = await this.tokens.verify(token, 'operator');
    if (!claims) return null;
    const op = await this.operators.findRole(claims.sub);
    if (!op || op.disabled || !hasPermission(op.role, 'support.chat')) return null;
    return { sub: claims.sub, sid: claims.sid, exp: claims.exp, agent: true };
  }

  /** `support:typing`: relayed to the other side of the conversation; sockets without a login are ignored. */
  @SubscribeMessage('support:typing')
  async typing(@ConnectedSocket() socket: TypedSocket, @MessageBody() payload: unknown): Promise<void> {
    const relay = this.typingRelay;
    if (!relay) return;
    const conversationId = (payload as { conversationId?: unknown } | null)?.conversationId;
    if (socket.data.userId) await relay({ kind: 'user', userId: socket.data.userId }, undefined);
    else if (socket.data.operatorId) await relay({ kind: 'agent', operatorId: socket.data.operatorId }, conversationId);
  }

  handleDisconnect(socket: TypedSocket): void {
    if (socket.data.expiry) clearTimeout(socket.data.expiry);
    if (socket.data.address !== undefined) this.addresses.close(socket.data.address);
  }

  /**
   * Joins the public channels of known products, up to MAX_CHANNELS a socket. The answer names what was
   * joined (`channels`) and what was not (`refused`): another user's room, a product that does not exist, one
   * over the limit. The socket's own `user:ID` room counts as joined (it was, at the handshake).
   */
  @SubscribeMessage('subscribe')
  async subscribe(@ConnectedSocket() socket: TypedSocket, @MessageBody() payload: unknown): Promise<SubscribeAck> {
    const named = namesOf(payload);
    if (named === null) return this.refuse(socket);
    const symbols = await this.knownSymbols();
    const joinable = named.filter((c) => PUBLIC_CHANNEL.test(c) && symbols.has(symbolOf(c)));
    const current = [...socket.rooms].filter((r) => PUBLIC_CHANNEL.test(r)).length;
    const allowed = joinable.slice(0, Math.max(0, MAX_CHANNELS - current));
    await socket.join(allowed);
    const own = socket.data.userId ? channel.user(socket.data.userId) : null;
    const channels = own && named.includes(own) ? [...allowed, own] : allowed;
    const refused = named.filter((c) => !channels.includes(c));
    return { ok: refused.length === 0, channels, refused };
  }

  @SubscribeMessage('unsubscribe')
  async unsubscribe(@ConnectedSocket() socket: TypedSocket, @MessageBody() payload: unknown) {
    const named = namesOf(payload);
    if (named === null) return this.refuse(socket);
    // Only public channels are left on request: the private rooms end with the socket or its session.
    for (const c of named) if (PUBLIC_CHANNEL.test(c)) await socket.leave(c);
    return { ok: true };
  }

  /** A malformed message (no list, or too long a one) is refused whole; repeated, it ends the socket. */
  private refuse(socket: TypedSocket): SubscribeAck {
    if (++socket.data.strikes >= MAX_STRIKES) {
      this.log.warn(`socket ${socket.id} from ${socket.data.address}: malformed messages, disconnected`);
      socket.disconnect(true);
    }
    return { ok: false, channels: [], refused: [] };
  }

  private addressOf(socket: TypedSocket): string {
    return clientAddress(socket.handshake.address, socket.handshake.headers['x-forwarded-for'], this.config.TRUST_PROXY === 'true');
  }
}

/**
 * The client's address. Behind the one trusted proxy (TRUST_PROXY) it is the last X-Forwarded-For entry, the one
 * that proxy added: load balancers append, so earlier entries are whatever the client sent (Fastify reads it so too).
 */
export function clientAddress(socketAddress: string, forwarded: string | string[] | undefined, trustProxy: boolean): string {
  if (!trustProxy || typeof forwarded !== 'string') return socketAddress;
  return forwarded.split(',').at(-1)!.trim() || socketAddress;
}
