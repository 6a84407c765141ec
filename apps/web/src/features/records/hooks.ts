import { useInfiniteQuery, useMutation, useQuery, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import type { AccountActivity, CapitalRecord, CapitalRecordDetail, Deposit, RecordPosting, Page, SystemMessage, Withdrawal } from '@candor/contracts';
import { api } from '../../lib/api';
import { API } from '../../lib/wire';
import { useSocketEvent, useSocketReconnect } from '../../lib/socket';
import { recordsKeys } from '../../lib/queryKeys';
import { useSession } from '../../lib/session';
import { exportFilename, recordsQuery, type RecordFilter } from './model';
import { useMessageEvents } from './unread';
import { saveFile } from '../../lib/saveFile';

const PAGE_SIZE = 20;
// Lists here are asked again on every visit (staleTime 0): socket events only reach screens that are mounted.

/** Capital records for a filter, page by page (keyset); refreshed when the wallet changes. */
export function useCapitalRecords(filter: RecordFilter) {
  const qc = useQueryClient();
  const query = recordsQuery(filter);
  const valid = query !== 'invalid';
  const refresh = () => void qc.invalidateQueries({ queryKey: recordsKeys.records });
  useSocketEvent('wallet', refresh);
  useSocketReconnect(refresh);
  return useInfiniteQuery({
    queryKey: recordsKeys.list(valid ? query : {}),
    queryFn: ({ pageParam, signal }) =>
      api.get<Page<CapitalRecord>>(API.walletRecords, { signal, query: { ...(valid ? query : {}), limit: PAGE_SIZE, cursor: pageParam ?? undefined } }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    enabled: valid,
    staleTime: 0,
  });
}

export type Posting = RecordPosting;
export type RecordDetail = CapitalRecordDetail;

export function useCapitalRecord(id: string) {
  return useQuery({
    queryKey: recordsKeys.record(id),
    queryFn: ({ signal }) => api.get<RecordDetail>(`${API.walletRecords}/${encodeURIComponent(id)}`, { signal }),
    enabled: id !== '',
    staleTime: Infinity, // a posted entry never changes
  });
}

export function useRelatedDeposit(id: string | null) {
  return useQuery({
    queryKey: recordsKeys.deposit(id ?? ''),
    queryFn: ({ signal }) => api.get<Deposit>(`${API.deposits}/${encodeURIComponent(id ?? '')}`, { signal }),
    enabled: !!id,
  });
}

export function useRelatedWithdrawal(id: string | null) {
  return useQuery({
    queryKey: recordsKeys.withdrawal(id ?? ''),
    queryFn: ({ signal }) => api.get<Withdrawal>(`${API.withdrawals}/${encodeURIComponent(id ?? '')}`, { signal }),
    enabled: !!id,
  });
}

/** Downloads the filtered records as CSV through an object URL and a clicked `<a download>`. */
export function useExportRecords() {
  return useMutation({
    mutationFn: async (filter: RecordFilter) => {
      const query = recordsQuery(filter);
      const { blob, filename } = await api.download(API.walletRecordsCsv, { query: query === 'invalid' ? {} : query });
      saveFile(blob, exportFilename(filename));
    },
  });
}

// ---------------------------------------------------------------------------
// System messages: the list, the unread count, both refreshed by the `message` socket event.

export function useMessages() {
  const { status } = useSession();
  useMessageEvents();
  return useInfiniteQuery({
    queryKey: recordsKeys.messageList,
    queryFn: ({ pageParam, signal }) => api.get<Page<SystemMessage>>(API.messages, { signal, query: { limit: PAGE_SIZE, cursor: pageParam ?? undefined } }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    enabled: status === 'authenticated',
    staleTime: 0,
  });
}

type MessagePages = InfiniteData<Page<SystemMessage>>;

function markInCache(data: MessagePages | undefined, read: (m: SystemMessage) => boolean): MessagePages | undefined {
  if (!data) return data;
  return { ...data, pages: data.pages.map((p) => ({ ...p, items: p.items.map((m) => (read(m) && !m.read ? { ...m, read: true } : m)) })) };
}

/** Mark one message read: shown at once, then the count asked again. */
export function useMarkRead() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.post<void>(`${API.messages}/${encodeURIComponent(id)}/read`),
    onMutate: (id) => {
      qc.setQueryData<MessagePages>(recordsKeys.messageList, (d) => markInCache(d, (m) => m.id === id));
      qc.setQueryData<{ count: number }>(recordsKeys.unread, (c) => (c ? { count: Math.max(0, c.count - 1) } : c));
    },
    onSettled: () => qc.invalidateQueries({ queryKey: recordsKeys.messages }),
  });
}

export function useMarkAllRead() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<void>(API.messagesReadAll),
    onSuccess: () => {
      qc.setQueryData<MessagePages>(recordsKeys.messageList, (d) => markInCache(d, () => true));
      qc.setQueryData<{ count: number }>(recordsKeys.unread, { count: 0 });
    },
    onSettled: () => qc.invalidateQueries({ queryKey: recordsKeys.messages }),
  });
}

// ---------------------------------------------------------------------------

export function useAccountActivity() {
  return useInfiniteQuery({
    queryKey: recordsKeys.activity,
    queryFn: ({ pageParam, signal }) => api.get<Page<AccountActivity>>(API.activity, { signal, query: { limit: PAGE_SIZE, cursor: pageParam ?? undefined } }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    staleTime: 0,
  });
}
