import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import type { CheckAuthAnswer, LoginAnswer, UserWire } from '../../../api/contracts/rest.contract';
import { http } from '../api/http';

export type AuthUser = UserWire;

export type AuthState =
  | { status: 'checking' }
  | { status: 'anonymous' }
  | { status: 'authenticated'; user: AuthUser };

export interface AuthContextValue {
  state: AuthState;
  /** Resolves with the logged-in user; rejects (ApiError) when the credentials are refused. */
  login: (username: string, password: string) => Promise<AuthUser>;
  /** Always ends logged out, even when the server cannot be reached. */
  logout: () => Promise<void>;
}

const AuthContext = createContext<AuthContextValue | undefined>(undefined);

export const AuthProvider = ({ children }: { children: ReactNode }) => {
  const [state, setState] = useState<AuthState>({ status: 'checking' });

  useEffect(() => {
    const controller = new AbortController();
    http
      .get<CheckAuthAnswer>('/api/check-auth/', { signal: controller.signal })
      .then((answer) =>
        setState(answer.isAuthenticated && answer.user ? { status: 'authenticated', user: answer.user } : { status: 'anonymous' }),
      )
      .catch(() => {
        if (!controller.signal.aborted) setState({ status: 'anonymous' });
      });
    return () => controller.abort();
  }, []);

  const login = useCallback(async (username: string, password: string) => {
    const answer = await http.post<LoginAnswer>('/api/login/', { username, password });
    const user = { ...answer.user, is_superuser: answer.is_superuser };
    setState({ status: 'authenticated', user });
    return user;
  }, []);

  const logout = useCallback(async () => {
    try {
      await http.post('/api/logout/');
    } catch {
      // The session may already be gone server-side; the browser state is cleared regardless.
    } finally {
      setState({ status: 'anonymous' });
    }
  }, []);

  const value = useMemo(() => ({ state, login, logout }), [state, login, logout]);
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
};

export const useAuth = (): AuthContextValue => {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth must be used inside <AuthProvider>');
  return value;
};

export const homeOf = (user: AuthUser): string => (user.is_superuser ? '/admin' : '/portal');
