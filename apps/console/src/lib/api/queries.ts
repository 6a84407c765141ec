import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AdminPendingCounts,
  AdminProduct,
  AdminProductBody,
  AuditEntry,
  FeedStatus,
  LedgerCheck,
  OpsSession,
  Page,
  ScheduledChangeResponse,
} from '@candor/contracts';
import { API, ApiError, request, requestFile } from './client';
import { i18n } from '../i18n';

export const queryKeys = {
  pending: ['admin-pending'] as const,
  ledger: ['ledger-check'] as const,
  health: ['health'] as const,
  audit: (filters: AuditFilters) => ['audit', filters] as const,
  products: ['admin-products'] as const,
  feedStatus: ['feed-status'] as const,
  users: (q: string) => ['admin-users', q] as const,
};

export function useLedgerCheck() {
  return useQuery({ queryKey: queryKeys.ledger, queryFn: ({ signal }) => request<LedgerCheck>(API.adminLedgerCheck, { signal }) });
}

/** `/api/health` reports Postgres and Redis; its exact shape is read loosely (see HealthCard). */
export function useHealth() {
  return useQuery({
    queryKey: queryKeys.health,
    // Read the body also when the server answers 503, so a failing component is named.
    queryFn: async ({ signal }) => {
      let res: Response;
      try {
        res = await fetch(`/api${API.health}`, { signal, headers: { Accept: 'application/json' } });
      } catch (e) {
        if (e instanceof DOMException && e.name === 'AbortError') throw e;
        throw new ApiError(0, 'NETWORK', i18n.t('console:errors.network'));
      }
      const body: unknown = await res.json().catch(() => null);
      if (body === null) throw new ApiError(res.status, 'HTTP_' + res.status, i18n.t('console:errors.http', { status: res.status }));
      return body;
    },
    refetchInterval: 30_000,
  });
}

export interface AuditFilters {
  action: string;
  userId: string;
  operatorId: string;
}
export const AUDIT_PAGE_SIZE = 50;

export function useAuditLog(filters: AuditFilters) {
  return useInfiniteQuery({
    queryKey: queryKeys.audit(filters),
    initialPageParam: '',
    queryFn: ({ pageParam, signal }) =>
      request<Page<AuditEntry>>(API.adminAudit, {
        signal,
        query: {
          limit: AUDIT_PAGE_SIZE,
          cursor: pageParam,
          action: filters.action.trim(),
          userId: filters.userId.trim(),
          operatorId: filters.operatorId.trim(),
        },
      }),
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}

/**
 * Downloads the applied filters' rows as CSV (newest first, at most AUDIT_CSV_MAX_ROWS) through an object URL and a
 * clicked `<a download>`; answers whether older rows were left out. The export is itself audited, so the log is read again.
 */
export function useExportAudit() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (filters: AuditFilters): Promise<{ truncated: boolean }> => {
      const { blob, filename, headers } = await requestFile(
        API.adminAuditCsv,
        { action: filters.action.trim(), userId: filters.userId.trim(), operatorId: filters.operatorId.trim() },
        'text/csv',
      );
      const url = URL.createObjectURL(blob);
      try {
        const a = document.createElement('a');
        a.href = url;
        a.download = filename ?? 'audit-log.csv';
        document.body.appendChild(a);
        a.click();
        a.remove();
      } finally {
        // Revoked after the click has handed the blob to the browser's download.
        setTimeout(() => URL.revokeObjectURL(url), 10_000);
      }
      return { truncated: headers.get('x-export-truncated') === 'true' };
    },
    onSettled: () => void qc.invalidateQueries({ queryKey: ['audit'] }),
  });
}

/** Sets the cookie that opens the /ops pages (the queues dashboard) for this session; the answer says where to go. */
export function useOpenOpsSession() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => request<OpsSession>(API.adminOpsSession, { method: 'POST' }),
    onSuccess: () => void qc.invalidateQueries({ queryKey: ['audit'] }),
  });
}

export function useAdminProducts() {
  return useQuery({ queryKey: queryKeys.products, queryFn: ({ signal }) => request<AdminProduct[]>(API.adminProducts, { signal }) });
}

/** The public feed status: each product's exchanges as the price feed sees them now (every 5 s). */
export function useFeedStatus() {
  return useQuery({
    queryKey: queryKeys.feedStatus,
    queryFn: ({ signal }) => request<FeedStatus[]>(API.feedStatus, { signal, auth: false }),
    refetchInterval: 5_000,
  });
}

/** A PATCH that changed a scheduled field answers 202 with what it scheduled and the product; one that did not, 200 with the product. */
export function isScheduledResponse(r: AdminProduct | ScheduledChangeResponse | undefined): r is ScheduledChangeResponse {
  return typeof r === 'object' && 'product' in r && 'scheduledChanges' in r;
}

export function useUpdateProduct(symbol: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: AdminProductBody) =>
      request<AdminProduct | ScheduledChangeResponse>(`${API.adminProducts}/${encodeURIComponent(symbol)}`, { method: 'PATCH', body }),
    onSuccess: (answer) => {
      const updated = isScheduledResponse(answer) ? answer.product : answer;
      if (updated && typeof updated === 'object' && 'symbol' in updated) {
        qc.setQueryData<AdminProduct[]>(queryKeys.products, (list) => list?.map((p) => (p.symbol === updated.symbol ? updated : p)));
      }
      void qc.invalidateQueries({ queryKey: queryKeys.products });
      void qc.invalidateQueries({ queryKey: queryKeys.feedStatus });
      void qc.invalidateQueries({ queryKey: ['audit'] });
    },
  });
}

/** Cancels a pending scheduled change (204); the list is read again whatever the answer (409 ALREADY_DECIDED: it was decided meanwhile). */
export function useCancelScheduledChange(symbol: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      request<void>(`${API.adminProducts}/${encodeURIComponent(symbol)}/scheduled-changes/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSettled: () => {
      void qc.invalidateQueries({ queryKey: queryKeys.products });
      void qc.invalidateQueries({ queryKey: ['audit'] });
    },
  });
}

/** A user as the console lists it. The list endpoint is optional; fields are read loosely. */
export interface AdminUserRow {
  id: string;
  email?: string;
  phone?: string;
  nickname?: string;
  kycStatus?: string;
  level?: string;
  createdAt?: string;
  [key: string]: unknown;
}

export function useAdminUsers(q: string) {
  return useQuery({
    queryKey: queryKeys.users(q),
    queryFn: async ({ signal }) => {
      const res = await request<AdminUserRow[] | Page<AdminUserRow>>(API.adminUsers, { signal, query: { q: q.trim() } });
      return Array.isArray(res) ? res : res.items;
    },
  });
}

/** Requests waiting for review, for the menu's badges: asked every 30 seconds and on focus. */
export function usePendingCounts() {
  return useQuery({
    queryKey: queryKeys.pending,
    queryFn: ({ signal }) => request<AdminPendingCounts>(API.adminPending, { signal }),
    refetchInterval: 30_000,
  });
}
