import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  ChangePasswordBody,
  LoginHistory,
  RevokeSessionsResponse,
  SessionInfo,
  Summary,
  TotpEnableResponse,
  TotpSetupBody,
  TotpSetupResponse,
  UserProfile,
} from '@candor/contracts';
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

/** The sign-in history (newest first), asked again on every visit: a failed attempt elsewhere should show. */
export function useLoginHistory() {
  return useQuery({ queryKey: accountKeys.logins, queryFn: ({ signal }) => api.get<LoginHistory>(API.meLogins, { signal }), staleTime: 0 });
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

/** "Log out all other devices": every session but this one ends. */
export function useRevokeOtherSessions() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => api.del<RevokeSessionsResponse>(API.sessions),
    onSuccess: () => qc.invalidateQueries({ queryKey: accountKeys.sessions }),
  });
}

export function useChangePassword() {
  return useMutation({ mutationFn: (body: ChangePasswordBody) => api.post<void>(API.password, body) });
}

/** PATCH /api/me: the new nickname; the personal center shows the answer at once. */
export function useUpdateNickname() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (nickname: string) => api.patch<UserProfile>(API.me, { nickname }),
    onSuccess: (user) => qc.setQueryData(accountKeys.me, user),
  });
}

/** Two-factor sign-in: a pending secret behind the login password (nothing is on yet). */
export function useTotpSetup() {
  return useMutation({ mutationFn: (body: TotpSetupBody) => api.post<TotpSetupResponse>(API.totpSetup, body) });
}

/** Turns two-factor sign-in on with a first code; the profile then says so. */
export function useTotpEnable() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (code: string) => api.post<TotpEnableResponse>(API.totpEnable, { code }),
    onSuccess: () => void qc.invalidateQueries({ queryKey: accountKeys.me }),
  });
}

/** Turns it off with a current or recovery code. */
export function useTotpDisable() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (code: string) => api.del(API.totp, { body: { code } }),
    onSuccess: () => void qc.invalidateQueries({ queryKey: accountKeys.me }),
  });
}
