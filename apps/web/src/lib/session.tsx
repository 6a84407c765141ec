import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import type { LoginBody, LoginResponse, UserProfile } from '@candor/contracts';
import { API } from './wire';
import { api, getAccessToken, onAccessTokenChange, refreshAccessToken, setAccessToken } from './api';
import { queryClient } from './queryClient';

export type SessionStatus = 'loading' | 'authenticated' | 'anonymous';

export interface CaptchaAnswer {
  captchaId: string;
  captchaCode: string;
}

/** What a login carries besides the credentials: the graphic code once asked for, and the proof-of-work. */
export type LoginProof = Partial<CaptchaAnswer> & { altcha?: string; totp?: string };

export interface Session {
  status: SessionStatus;
  user: UserProfile | null;
  login(email: string, password: string, proof?: LoginProof): Promise<UserProfile>;
  logout(): Promise<void>;
  refreshUser(): Promise<UserProfile | null>;
}

const SessionContext = createContext<Session | null>(null);

export function SessionProvider({ children }: { children: ReactNode }) {
  const [status, setStatus] = useState<SessionStatus>('loading');
  const [user, setUser] = useState<UserProfile | null>(null);
  const statusRef = useRef(status);
  statusRef.current = status;

  const becomeAnonymous = useCallback(() => {
    setUser(null);
    setStatus('anonymous');
    queryClient.clear();
  }, []);

  // Restore the session once on start: the refresh cookie gives a new access token.
  useEffect(() => {
    let cancelled = false;
    void (async () => {
      const token = getAccessToken() ?? (await refreshAccessToken());
      if (cancelled) return;
      if (!token) {
        setStatus('anonymous');
        return;
      }
      try {
        const me = await api.get<UserProfile>(API.me);
        if (cancelled) return;
        setUser(me);
        setStatus('authenticated');
      } catch {
        if (!cancelled) becomeAnonymous();
      }
    })();
    return () => {
      cancelled = true;
    };
  }, [becomeAnonymous]);

  // When the token is dropped (a refresh failed after a 401), the session is over.
  useEffect(
    () =>
      onAccessTokenChange((token) => {
        if (!token && statusRef.current === 'authenticated') becomeAnonymous();
      }),
    [becomeAnonymous],
  );

  const login = useCallback(async (email: string, password: string, proof?: LoginProof) => {
    const body: LoginBody = { email: email.trim(), password, ...(proof ?? {}) };
    const res = await api.post<LoginResponse>(API.login, body);
    queryClient.clear();
    setAccessToken(res.accessToken);
    setUser(res.user);
    setStatus('authenticated');
    return res.user;
  }, []);

  const logout = useCallback(async () => {
    try {
      await api.post<void>(API.logout);
    } catch {
      // the cookie may already be gone; the local session ends regardless
    }
    setAccessToken(null);
    becomeAnonymous();
  }, [becomeAnonymous]);

  const refreshUser = useCallback(async () => {
    try {
      const me = await api.get<UserProfile>(API.me);
      setUser(me);
      return me;
    } catch {
      return null;
    }
  }, []);

  const value = useMemo<Session>(() => ({ status, user, login, logout, refreshUser }), [status, user, login, logout, refreshUser]);
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): Session {
  const s = useContext(SessionContext);
  if (!s) throw new Error('useSession must be used inside <SessionProvider>');
  return s;
}

/** Where the login page sends the user back to (router state `from`). */
export interface LoginRedirectState {
  from?: string;
}
