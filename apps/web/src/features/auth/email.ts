import { useCallback, useEffect, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { EmailChangeBody, MailPreferences, MailPreferencesBody } from '@candor/contracts';
import { API } from '../../lib/wire';
import { api } from '../../lib/api';
import { accountKeys } from '../../lib/queryKeys';
import { useSession } from '../../lib/session';
import { retryAfterSeconds } from './rateLimit';

/** The mail preferences' cache key: under the profile's, so signing out clears it with the rest. */
export const mailPreferencesKey = accountKeys.mailPreferences;

/** How long "send again" rests after a mail went out, when the server names no time of its own. */
export const RESEND_PAUSE_S = 60;

// When "send again" may be used next (ms since epoch): kept for the life of the page, so leaving the personal
// center and coming back does not re-enable it early.
let resendAvailableAt = 0;

/** The profile, asked again everywhere it is shown (the personal center's and the session's copy). */
export function useRefreshProfile(): () => Promise<void> {
  const qc = useQueryClient();
  const session = useSession();
  return useCallback(async () => {
    await Promise.all([session.refreshUser(), qc.invalidateQueries({ queryKey: accountKeys.me, exact: true })]);
  }, [qc, session]);
}

export type ResendOutcome = { ok: true } | { ok: false; error: unknown };

/** "Send the confirmation mail again", resting for a while after each send and after a 429. */
export function useResendConfirmation() {
  const [now, setNow] = useState(() => Date.now());
  const [busy, setBusy] = useState(false);
  const waitMs = Math.max(0, resendAvailableAt - now);
  useEffect(() => {
    if (waitMs <= 0) return;
    const timer = setTimeout(() => setNow(Date.now()), Math.min(1000, waitMs));
    return () => clearTimeout(timer);
  }, [waitMs, now]);

  const send = useCallback(async (): Promise<ResendOutcome> => {
    setBusy(true);
    try {
      await api.post<void>(API.emailResend);
      resendAvailableAt = Date.now() + RESEND_PAUSE_S * 1000;
      return { ok: true };
    } catch (error) {
      const seconds = retryAfterSeconds(error);
      if (seconds !== undefined || (error as { status?: number }).status === 429) resendAvailableAt = Date.now() + (seconds ?? RESEND_PAUSE_S) * 1000;
      return { ok: false, error };
    } finally {
      setBusy(false);
      setNow(Date.now());
    }
  }, []);

  return { send, busy, waitSeconds: Math.ceil(waitMs / 1000) };
}

export function useConfirmEmail() {
  return useMutation({ mutationFn: (token: string) => api.post<void>(API.emailConfirm, { token }) });
}

export function useChangeEmail() {
  return useMutation({ mutationFn: (body: EmailChangeBody) => api.post<void>(API.emailChange, body) });
}

export function useMailPreferences() {
  return useQuery({ queryKey: mailPreferencesKey, queryFn: ({ signal }) => api.get<MailPreferences>(API.mailPreferences, { signal }) });
}

/** Saves one switch at once; the list shows the new value while it is sent and goes back if refused. */
export function useSaveMailPreference() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: MailPreferencesBody) => api.put<MailPreferences | undefined>(API.mailPreferences, body),
    onMutate: async (body) => {
      await qc.cancelQueries({ queryKey: mailPreferencesKey });
      const before = qc.getQueryData<MailPreferences>(mailPreferencesKey);
      if (before) qc.setQueryData<MailPreferences>(mailPreferencesKey, { ...before, ...body } as MailPreferences);
      return { before };
    },
    onError: (_err, _body, context) => {
      if (context?.before) qc.setQueryData(mailPreferencesKey, context.before);
    },
    onSuccess: (saved) => {
      if (saved && typeof saved === 'object') qc.setQueryData(mailPreferencesKey, saved);
    },
  });
}
