import { useEffect, useRef, useSyncExternalStore } from 'react';
import type { io as connect, Socket } from 'socket.io-client';
import type { ClientToServerEvents, ServerToClientEvents } from '@candor/contracts';
import { getAccessToken, onAccessTokenChange, refreshAccessToken } from './api';

/**
 * The one socket.io client of the app, on the page's origin. The access token is read at every (re)connect,
 * and a token change reconnects, so the private `user:ID` room follows login and logout. Channels are
 * reference-counted and asked for again after every reconnect (docs/internals.md, "Web socket client").
 * socket.io's client is loaded when a screen first asks for the socket, after its first render, so a page's
 * first paint never waits for it; listeners given before it has arrived are attached when it does.
 */
export type AppSocket = Socket<ServerToClientEvents, ClientToServerEvents>;
export type ServerEvent = keyof ServerToClientEvents;

type Listener = (...args: never[]) => void;

let socket: AppSocket | null = null;
let loading = false;
/** Every listener given by the hooks, by event: the socket gets them when it is created. */
const listeners = new Map<string, Set<Listener>>();
const channelCounts = new Map<string, number>();
let connected = false;
const statusListeners = new Set<() => void>();

function setConnected(next: boolean): void {
  if (connected === next) return;
  connected = next;
  for (const l of statusListeners) l();
}

function create(io: typeof connect): AppSocket {
  const s: AppSocket = io({
    path: '/socket.io',
    // WebSocket first (no sticky sessions needed behind a load balancer), long-polling as a fallback.
    transports: ['websocket', 'polling'],
    auth: (cb) => {
      const token = getAccessToken();
      cb(token ? { token } : {});
    },
    reconnection: true,
    reconnectionDelay: 500,
    reconnectionDelayMax: 5000,
  });
  s.on('connect', () => {
    setConnected(true);
    const channels = [...channelCounts.keys()];
    if (channels.length > 0) s.emit('subscribe', { channels });
  });
  s.on('disconnect', (reason) => {
    setConnected(false);
    // The server ends a socket whose token expired or whose session was revoked, and socket.io does not
    // reconnect after that by itself: refresh the token (a revoked session gets none) and come back.
    if (reason === 'io server disconnect') {
      setTimeout(() => {
        void refreshAccessToken()
          .catch(() => null)
          .finally(() => {
            if (!s.connected) s.connect();
          });
      }, 1000);
    }
  });
  let lastToken = getAccessToken();
  onAccessTokenChange(() => {
    const token = getAccessToken();
    if (token === lastToken) return;
    lastToken = token;
    // Reconnect so the handshake carries the new identity; `connect` re-subscribes.
    s.disconnect();
    s.connect();
  });
  for (const [event, set] of listeners) for (const l of set) s.on(event as ServerEvent, l as never);
  return s;
}

/** Loads socket.io's client and connects, once; a failed load (offline) is tried again by the next caller. */
function ensureSocket(): void {
  if (socket || loading) return;
  loading = true;
  import('socket.io-client').then(
    ({ io }) => {
      socket = create(io);
    },
    (err: unknown) => {
      loading = false;
      console.warn('socket client not loaded', err);
    },
  );
}

function on(event: string, listener: Listener): void {
  let set = listeners.get(event);
  if (!set) listeners.set(event, (set = new Set()));
  set.add(listener);
  socket?.on(event as ServerEvent, listener as never);
  ensureSocket();
}

function off(event: string, listener: Listener): void {
  listeners.get(event)?.delete(listener);
  socket?.off(event as ServerEvent, listener as never);
}

function retain(channels: string[]): void {
  const fresh: string[] = [];
  for (const c of channels) {
    const n = channelCounts.get(c) ?? 0;
    channelCounts.set(c, n + 1);
    if (n === 0) fresh.push(c);
  }
  ensureSocket();
  if (fresh.length > 0 && socket?.connected) socket.emit('subscribe', { channels: fresh });
}

function release(channels: string[]): void {
  const gone: string[] = [];
  for (const c of channels) {
    const n = channelCounts.get(c) ?? 0;
    if (n <= 1) {
      channelCounts.delete(c);
      if (n === 1) gone.push(c);
    } else {
      channelCounts.set(c, n - 1);
    }
  }
  if (gone.length > 0 && socket?.connected) socket.emit('unsubscribe', { channels: gone });
}

/** Subscribe to public channels (`ticker:X`, `candles:X:1m`) while the calling component is mounted. */
export function useChannels(channels: readonly string[]): void {
  const key = [...new Set(channels)].sort().join('|');
  useEffect(() => {
    if (key === '') return;
    const list = key.split('|');
    retain(list);
    return () => release(list);
  }, [key]);
}

/** Listen to one server event while mounted; the latest handler is always called (no re-binding per render). */
export function useSocketEvent<E extends ServerEvent>(event: E, handler: ServerToClientEvents[E]): void {
  const ref = useRef(handler);
  ref.current = handler;
  useEffect(() => {
    const listener = (...args: unknown[]) => (ref.current as (...a: unknown[]) => void)(...args);
    on(event, listener);
    return () => off(event, listener);
  }, [event]);
}

/**
 * Run `cb` whenever the socket connects again after having been connected (a dropped network,
 * a new token): events sent while it was away are lost, so callers refetch what they show.
 */
export function useSocketReconnect(cb: () => void): void {
  const ref = useRef(cb);
  ref.current = cb;
  useEffect(() => {
    let seen = connected;
    const onConnect = () => {
      if (seen) ref.current();
      seen = true;
    };
    on('connect', onConnect);
    return () => off('connect', onConnect);
  }, []);
}

/** Whether the socket is connected now (re-renders on change): drives a "live" indicator. */
export function useSocketConnected(): boolean {
  return useSyncExternalStore(
    (cb) => {
      ensureSocket();
      statusListeners.add(cb);
      return () => statusListeners.delete(cb);
    },
    () => connected,
    () => false,
  );
}

/** Tells the server the user is typing in their support chat (dropped while the socket is down: it is momentary). */
export function emitSupportTyping(): void {
  if (socket?.connected) socket.emit('support:typing', {});
}
