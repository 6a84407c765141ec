import { useEffect, useRef, useState } from 'react';
import type { Socket } from 'socket.io-client';
import type { ClientToServerEvents, ServerToClientEvents } from '@candor/contracts';
import { currentAccessToken, refreshAccessToken } from '../../lib/api/client';

type AgentSocket = Socket<ServerToClientEvents, ClientToServerEvents>;
export interface AgentHandlers {
  support?: ServerToClientEvents['support'];
  typing?: ServerToClientEvents['support:typing'];
  note?: ServerToClientEvents['support:note'];
  conversation?: ServerToClientEvents['support:conversation'];
  /** After a reconnect: events sent meanwhile were missed, so the screen asks its data again. */
  reconnected?: () => void;
}

/**
 * The inbox's socket: the operator's token at the handshake puts it in the agents' room (the api checks the
 * role's `support.chat` there). It lives while the inbox is open; a socket the server ended (the token expired)
 * comes back after a token refresh. Answers whether it is connected, and a way to say "typing".
 */
export function useAgentSocket(handlers: AgentHandlers): { connected: boolean; typing(conversationId: string): void } {
  const ref = useRef(handlers);
  ref.current = handlers;
  const socketRef = useRef<AgentSocket | null>(null);
  const [connected, setConnected] = useState(false);

  useEffect(() => {
    let closed = false;
    let socket: AgentSocket | null = null;
    void import('socket.io-client').then(({ io }) => {
      if (closed) return;
      let seen = false;
      socket = io({
        path: '/socket.io',
        transports: ['websocket', 'polling'],
        auth: (cb) => cb({ token: currentAccessToken() ?? '' }),
        reconnectionDelay: 500,
        reconnectionDelayMax: 5000,
      });
      socketRef.current = socket;
      socket.on('connect', () => {
        setConnected(true);
        if (seen) ref.current.reconnected?.();
        seen = true;
      });
      socket.on('disconnect', (reason) => {
        setConnected(false);
        if (reason === 'io server disconnect') {
          setTimeout(() => {
            void refreshAccessToken()
              .catch(() => null)
              .finally(() => {
                if (!closed && socket && !socket.connected) socket.connect();
              });
          }, 1000);
        }
      });
      socket.on('support', (m) => ref.current.support?.(m));
      socket.on('support:typing', (e) => ref.current.typing?.(e));
      socket.on('support:note', (n) => ref.current.note?.(n));
      socket.on('support:conversation', (c) => ref.current.conversation?.(c));
    });
    return () => {
      closed = true;
      socket?.close();
      socketRef.current = null;
    };
  }, []);

  return {
    connected,
    typing: (conversationId: string) => {
      if (socketRef.current?.connected) socketRef.current.emit('support:typing', { conversationId });
    },
  };
}
