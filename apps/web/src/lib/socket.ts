import { useEffect, useRef, useSyncExternalStore } from 'react';
import { io, type Socket } from 'socket.io-client';
import type { ClientToServerEvents, ServerToClientEvents } from '@candor/contracts';
import { getAccessToken, onAccessTokenChange, refreshAccessToken } from './api';

/**
 * The one socket.io client of the app, on the page's origin. The access token is read at every (re)connect,
 * and a token change reconnects, so the private `user:ID` room follows login and logout. Channels are
 * reference-counted and asked for again after every reconnect (docs/internals.md, "Web socket client").
 */
export type AppSocket = Socket<ServerToClientEvents, ClientToServerEvents>;
export type ServerEvent = keyof ServerToClientEvents;

let socket: AppSocket | null = null;
const channelCounts = new Map<string, number>();
let connected = false;
const statusListeners = new Set<() => void>();

function setConnected(next: boolean): void {
  if (connected === next) return;
  connected = next;
  for (const l of statusListeners) l();
}

/** The shared socket, created (and connected) on first use. */
export function getSocket(): AppSocket {
  if (socket) return socket;
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
  socket = s;
  return s;
}

function retain(channels: string[]): void {
  const fresh: string[] = [];
  for (const c of channels) {
    const n = channelCounts.get(c) ?? 0;
    channelCounts.set(c, n + 1);
    if (n === 0) fresh.push(c);
  }
  const s = getSocket();
  if (fresh.length > 0 && s.connected) s.emit('subscribe', { channels: fresh });
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
  const s = getSocket();
  if (gone.length > 0 && s.connected) s.emit('unsubscribe', { channels: gone });
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
    const s = getSocket();
    const listener = ((...args: unknown[]) => (ref.current as (...a: unknown[]) => void)(...args)) as never;
    s.on(event, listener);
    return () => {
      s.off(event, listener);
    };
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
    const s = getSocket();
    let seen = s.connected;
    const onConnect = () => {
      if (seen) ref.current();
      seen = true;
    };
    s.on('connect', onConnect);
    return () => {
      s.off('connect', onConnect);
    };
  }, []);
}

/** Whether the socket is connected now (re-renders on change): drives a "live" indicator. */
export function useSocketConnected(): boolean {
  return useSyncExternalStore(
    (cb) => {
      getSocket();
      statusListeners.add(cb);
      return () => statusListeners.delete(cb);
    },
    () => connected,
    () => false,
  );
}
