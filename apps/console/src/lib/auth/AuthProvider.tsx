import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { Operator, OperatorLoginResponse } from '@candor/contracts';
import { ADMIN_AUTH, API, onSessionExpired, refreshAccessToken, request, setAccessToken } from '../api/client';

export type AuthState = { status: 'loading' } | { status: 'anonymous'; expired: boolean } | { status: 'authenticated'; operator: Operator };

interface AuthApi {
  state: AuthState;
  login(email: string, password: string, totp?: string): Promise<void>;
  /** After a confirmed TOTP enrolment, which signs the operator in. */
  signedIn(res: OperatorLoginResponse): void;
  logout(): Promise<void>;
}

const AuthContext = createContext<AuthApi | null>(null);

export function AuthProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const [state, setState] = useState<AuthState>({ status: 'loading' });

  // On load: the access token is gone with the page, so try the refresh cookie once.
  useEffect(() => {
    let cancelled = false;
    void (async () => {
      const token = await refreshAccessToken();
      if (!token) {
        if (!cancelled) setState({ status: 'anonymous', expired: false });
        return;
      }
      try {
        const operator = await request<Operator>(API.adminMe);
        if (!cancelled) setState({ status: 'authenticated', operator });
      } catch {
        setAccessToken(null);
        if (!cancelled) setState({ status: 'anonymous', expired: false });
      }
    })();
    return () => {
      cancelled = true;
    };
  }, []);

  useEffect(() => {
    onSessionExpired(() => {
      queryClient.clear();
      setState({ status: 'anonymous', expired: true });
    });
    return () => onSessionExpired(null);
  }, [queryClient]);

  const signedIn = useCallback(
    (res: OperatorLoginResponse) => {
      setAccessToken(res.accessToken);
      queryClient.clear();
      setState({ status: 'authenticated', operator: res.operator });
    },
    [queryClient],
  );
  const login = useCallback(
    async (email: string, password: string, totp?: string) => {
      const body = totp ? { email, password, totp } : { email, password };
      signedIn(await request<OperatorLoginResponse>(API.adminLogin, { method: 'POST', body, auth: false }));
    },
    [signedIn],
  );

  const logout = useCallback(async () => {
    try {
      await request<void>(ADMIN_AUTH.logout, { method: 'POST' });
    } catch {
      /* the session ends on this side regardless */
    }
    setAccessToken(null);
    queryClient.clear();
    setState({ status: 'anonymous', expired: false });
  }, [queryClient]);

  const value = useMemo(() => ({ state, login, signedIn, logout }), [state, login, signedIn, logout]);
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthApi {
  const ctx = useContext(AuthContext);
  if (!ctx) throw new Error('useAuth outside AuthProvider');
  return ctx;
}

/** The signed-in operator; only for screens behind the guard. */
export function useOperator(): Operator {
  const { state } = useAuth();
  if (state.status !== 'authenticated') throw new Error('useOperator without a session');
  return state.operator;
}
