import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AdminSupportConversation,
  AdminSupportEntry,
  AdminSupportMessage,
  CannedReplyBody,
  Locale,
  Page,
  SupportAgent,
  SupportCannedReply,
  SupportNote,
} from '@candor/contracts';
import { API, request } from '../../lib/api/client';
import { upsertEntry, type Entries } from './entries';

export const supportKeys = {
  all: ['admin-support'] as const,
  inbox: (status: 'open' | 'closed') => ['admin-support', 'inbox', status] as const,
  conversation: (id: string) => ['admin-support', 'conversation', id] as const,
  entries: (id: string) => ['admin-support', 'entries', id] as const,
  agents: ['admin-support', 'agents'] as const,
  canned: (locale: string) => ['admin-support', 'canned', locale] as const,
};

const conversationPath = (id: string, tail = '') => `${API.adminSupportConversations}/${encodeURIComponent(id)}${tail}`;

/** The inbox: unassigned first, then by the latest message. */
export function useInbox(status: 'open' | 'closed') {
  return useInfiniteQuery({
    queryKey: supportKeys.inbox(status),
    queryFn: ({ pageParam, signal }) =>
      request<Page<AdminSupportConversation>>(API.adminSupportConversations, { signal, query: { status, limit: 30, cursor: pageParam ?? undefined } }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
}

export function useConversation(id: string) {
  return useQuery({ queryKey: supportKeys.conversation(id), queryFn: ({ signal }) => request<AdminSupportConversation>(conversationPath(id), { signal }) });
}

/** Messages and notes, newest first (the view turns them oldest first). */
export function useEntries(id: string) {
  return useInfiniteQuery({
    queryKey: supportKeys.entries(id),
    queryFn: ({ pageParam, signal }) =>
      request<Page<AdminSupportEntry>>(conversationPath(id, '/messages'), { signal, query: { limit: 30, cursor: pageParam ?? undefined } }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
}

export function useSupportMutations(id: string) {
  const qc = useQueryClient();
  const put = (entry: AdminSupportEntry) => qc.setQueryData<Entries>(supportKeys.entries(id), (d) => upsertEntry(d, entry));
  const refreshConversation = (c: AdminSupportConversation) => {
    qc.setQueryData(supportKeys.conversation(id), c);
    void qc.invalidateQueries({ queryKey: ['admin-support', 'inbox'] });
  };
  return {
    reply: useMutation({
      mutationFn: (body: { text: string; clientId: string } | FormData) =>
        request<AdminSupportMessage>(conversationPath(id, '/messages'), { method: 'POST', body }),
      onSuccess: put,
    }),
    note: useMutation({
      mutationFn: (text: string) => request<SupportNote>(conversationPath(id, '/notes'), { method: 'POST', body: { text } }),
      onSuccess: put,
    }),
    assign: useMutation({
      mutationFn: (operatorId: string) => request<AdminSupportConversation>(conversationPath(id, '/assign'), { method: 'POST', body: { operatorId } }),
      onSuccess: refreshConversation,
    }),
    setStatus: useMutation({
      mutationFn: (to: 'close' | 'reopen') => request<AdminSupportConversation>(conversationPath(id, `/${to}`), { method: 'POST' }),
      onSuccess: refreshConversation,
    }),
    markRead: useMutation({ mutationFn: () => request<void>(conversationPath(id, '/read'), { method: 'POST' }) }),
  };
}

export function useAgents() {
  return useQuery({ queryKey: supportKeys.agents, queryFn: ({ signal }) => request<SupportAgent[]>(API.adminSupportAgents, { signal }), staleTime: 60_000 });
}

export function useCanned(locale: Locale) {
  return useQuery({
    queryKey: supportKeys.canned(locale),
    queryFn: ({ signal }) => request<SupportCannedReply[]>(API.adminSupportCanned, { signal, query: { locale } }),
  });
}

export function useCannedMutations() {
  const qc = useQueryClient();
  const refresh = () => void qc.invalidateQueries({ queryKey: ['admin-support', 'canned'] });
  return {
    create: useMutation({
      mutationFn: (body: CannedReplyBody) => request<SupportCannedReply>(API.adminSupportCanned, { method: 'POST', body }),
      onSuccess: refresh,
    }),
    remove: useMutation({
      mutationFn: (cannedId: string) => request<void>(`${API.adminSupportCanned}/${encodeURIComponent(cannedId)}`, { method: 'DELETE' }),
      onSuccess: refresh,
    }),
  };
}

/** A fresh client id for a reply (a retried request carries the same one, so it is stored once). */
export const newClientId = (): string => crypto.randomUUID().replace(/-/g, '');
