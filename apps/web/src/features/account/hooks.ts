import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ChangePasswordBody, SessionInfo, Summary, UserProfile } from '@candor/contracts';
import { API } from '../../lib/wire';
import { api } from '../../lib/api';
import { accountKeys } from '../../lib/queryKeys';
import { useSocketEvent, useSocketReconnect } from '../../lib/socket';

export function useMe() {
  return useQuery({ queryKey: accountKeys.me, queryFn: ({ signal }) => api.get<UserProfile>(API.me, { signal }) });
}

/**
 * The personal center's money summary, asked again on every visit (staleTime 0): the wallet events that
 * refresh it reach only a mounted personal center, so a withdrawal made on another screen would
 * otherwise leave the old balance showing for up to the default 30 s.
 */
export function useSummary() {
  return useQuery({ queryKey: accountKeys.summary, queryFn: ({ signal }) => api.get<Summary>(API.summary, { signal }), staleTime: 0 });
}

/** Keeps the personal center's summary current: a `wallet` or `order` event (or a reconnect) asks for it again. */
export function useLiveSummary(): void {
  const qc = useQueryClient();
  const refresh = () => void qc.invalidateQueries({ queryKey: accountKeys.summary, exact: true });
  useSocketEvent('wallet', refresh);
  useSocketEvent('order', refresh);
  useSocketReconnect(refresh);
}

export function useSessions() {
  return useQuery({ queryKey: accountKeys.sessions, queryFn: ({ signal }) => api.get<SessionInfo[]>(API.sessions, { signal }) });
}

export function useRevokeSession() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.del(`${API.sessions}/${encodeURIComponent(id)}`),
    onSuccess: () => qc.invalidateQueries({ queryKey: accountKeys.sessions }),
  });
}

export function useChangePassword() {
  return useMutation({ mutationFn: (body: ChangePasswordBody) => api.post<void>(API.password, body) });
}
