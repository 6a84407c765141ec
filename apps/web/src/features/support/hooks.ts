import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { useInfiniteQuery, useQuery, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import type { Page, SupportMessage, SupportTyping } from '@candor/contracts';
import { api, ApiError, CLIENT_ERROR } from '../../lib/api';
import { supportKeys } from '../../lib/queryKeys';
import { useSession } from '../../lib/session';
import { emitSupportTyping, useSocketConnected, useSocketEvent, useSocketReconnect } from '../../lib/socket';
import { uploadForm } from '../../lib/upload';
import { API } from '../../lib/wire';
import { newClientId, upsertMessage, type Pending } from './thread';

const PAGE_SIZE = 30;
type Pages = InfiniteData<Page<SupportMessage>>;

/** The count of agents' messages the user has not read, for the badges; live on `support` events. */
export function useSupportUnread() {
  const { status } = useSession();
  const qc = useQueryClient();
  const refresh = () => void qc.invalidateQueries({ queryKey: supportKeys.unread });
  useSocketEvent('support', (m) => {
    if (m.from === 'agent') refresh();
  });
  useSocketReconnect(refresh);
  return useQuery({
    queryKey: supportKeys.unread,
    queryFn: ({ signal }) => api.get<{ count: number }>(API.supportUnread, { signal }),
    enabled: status === 'authenticated',
    staleTime: 0,
    select: (r) => r.count,
  });
}

// The outbox: messages of this device not stored yet. It lives beside the app (not the page), so a message written
// offline is still sent after the user left the chat; it belongs to the account that wrote it.
let outbox: { owner: string | null; items: Pending[] } = { owner: null, items: [] };
const outboxListeners = new Set<() => void>();
function setOutbox(owner: string, next: (items: Pending[]) => Pending[]): void {
  outbox = { owner, items: next(outbox.owner === owner ? outbox.items : []) };
  for (const l of outboxListeners) l();
}
function useOutbox(owner: string | null): Pending[] {
  const snapshot = useSyncExternalStore(
    (cb) => {
      outboxListeners.add(cb);
      return () => outboxListeners.delete(cb);
    },
    () => outbox,
  );
  return snapshot.owner === owner ? snapshot.items : [];
}

/** Whether a failed send may succeed later as it is (no connection, a time-out, a server error). */
const worthRetrying = (e: unknown) =>
  !(e instanceof ApiError) || e.code === CLIENT_ERROR.network || e.code === CLIENT_ERROR.timeout || e.status === 0 || e.status >= 500 || e.status === 429;

/** The agent's typing mark: on with each `support:typing`, off 4 s later (or when their message comes). */
function useAgentTyping() {
  const [agentTyping, setAgentTyping] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useSocketEvent('support:typing', (e: SupportTyping) => {
    if (e.from !== 'agent') return;
    setAgentTyping(true);
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => setAgentTyping(false), 4000);
  });
  useEffect(() => () => void (timer.current && clearTimeout(timer.current)), []);
  return [agentTyping, setAgentTyping] as const;
}

/** Tells the agents the user is typing, at most once every 2 s. */
function useTypingSignal() {
  const last = useRef(0);
  return useCallback(() => {
    const now = Date.now();
    if (now - last.current < 2000) return;
    last.current = now;
    emitSupportTyping();
  }, []);
}

/** Sends one written message: an image as multipart, text as JSON; its client id makes a resend harmless. */
function postPending(p: Pending): Promise<SupportMessage> {
  if (!p.file) return api.post<SupportMessage>(API.supportMessages, { text: p.text, clientId: p.clientId });
  const form = new FormData();
  form.set('clientId', p.clientId);
  form.set('image', p.file, p.file.name || 'image');
  return uploadForm<SupportMessage>(API.supportMessages, form);
}

/**
 * The chat page's state: the history (newest page first), live messages and status marks, the agent's typing,
 * the outbox and its sending, and the read mark while the page is open.
 */
export function useSupportChat() {
  const qc = useQueryClient();
  const { user } = useSession();
  const owner = user?.id ?? null;
  const pending = useOutbox(owner);
  const connected = useSocketConnected();
  const [agentTyping, setAgentTyping] = useAgentTyping();
  const typing = useTypingSignal();
  const flushing = useRef(false);

  const history = useInfiniteQuery({
    queryKey: supportKeys.messages,
    queryFn: ({ pageParam, signal }) =>
      api.get<Page<SupportMessage>>(API.supportMessages, { signal, query: { limit: PAGE_SIZE, cursor: pageParam ?? undefined } }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    staleTime: 0,
    enabled: owner !== null,
  });

  const markRead = useCallback(() => {
    void api.post(API.supportRead).then(
      () => qc.setQueryData(supportKeys.unread, { count: 0 }),
      () => undefined,
    );
  }, [qc]);

  const put = useCallback((m: SupportMessage) => qc.setQueryData<Pages>(supportKeys.messages, (d) => upsertMessage(d, m)), [qc]);

  useSocketEvent('support', (m) => {
    put(m);
    if (m.from === 'agent') {
      setAgentTyping(false);
      if (m.status !== 'read' && document.visibilityState === 'visible') markRead();
    }
  });

  // The page open: whatever the agents wrote is read (once the history is in).
  const newestAgentUnread = history.data?.pages[0]?.items.find((m) => m.from === 'agent' && m.status !== 'read')?.id;
  useEffect(() => {
    if (newestAgentUnread) markRead();
  }, [newestAgentUnread, markRead]);

  const sendOne = useCallback(
    async (p: Pending, who: string) => {
      setOutbox(who, (items) => items.map((i) => (i.clientId === p.clientId ? { ...i, state: 'sending' } : i)));
      try {
        put(await postPending(p));
        setOutbox(who, (items) => items.filter((i) => i.clientId !== p.clientId));
        if (p.preview) URL.revokeObjectURL(p.preview);
        return true;
      } catch (e) {
        const state = worthRetrying(e) ? 'queued' : 'failed';
        setOutbox(who, (items) => items.map((i) => (i.clientId === p.clientId ? { ...i, state } : i)));
        return false;
      }
    },
    [put],
  );

  /** Sends the queued messages in the order written, once each; stops at the first that cannot go yet. */
  const flush = useCallback(async () => {
    if (!owner || flushing.current) return;
    flushing.current = true;
    try {
      for (;;) {
        const next = (outbox.owner === owner ? outbox.items : []).find((i) => i.state === 'queued');
        if (!next || !(await sendOne(next, owner))) break;
      }
    } finally {
      flushing.current = false;
    }
  }, [owner, sendOne]);

  // The connection back (socket or network): the queue goes, and the history is asked again.
  useSocketReconnect(() => {
    void qc.invalidateQueries({ queryKey: supportKeys.messages });
    void flush();
  });
  useEffect(() => {
    if (connected) void flush();
  }, [connected, flush]);
  useEffect(() => {
    const online = () => void flush();
    window.addEventListener('online', online);
    return () => window.removeEventListener('online', online);
  }, [flush]);

  const enqueue = useCallback(
    (p: Omit<Pending, 'clientId' | 'at' | 'state'>) => {
      if (!owner) return;
      setOutbox(owner, (items) => [...items, { ...p, clientId: newClientId(), at: new Date().toISOString(), state: 'queued' }]);
      if (navigator.onLine !== false) void flush();
    },
    [owner, flush],
  );

  const retry = useCallback(
    (clientId: string) => {
      if (!owner) return;
      setOutbox(owner, (items) => items.map((i) => (i.clientId === clientId ? { ...i, state: 'queued' } : i)));
      void flush();
    },
    [owner, flush],
  );

  return {
    history,
    pending,
    connected,
    agentTyping,
    sendText: (text: string) => enqueue({ text }),
    sendImage: (file: File) => enqueue({ file, preview: URL.createObjectURL(file) }),
    retry,
    typing,
  };
}
