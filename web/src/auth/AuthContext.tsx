import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import type { CheckAuthAnswer, LoginAnswer, UserWire } from '../../../api/platform/contracts/rest.contract';
import { http } from '../api/http';

export type AuthUser = UserWire;

export type AuthState =
  | { status: 'checking' }
  | { status: 'anonymous' }
  | { status: 'authenticated'; user: AuthUser };

/** Signed in, or the password was right and the second factor is asked for (send it as `otp`). */
export type LoginResult = { otpRequired: false; user: AuthUser } | { otpRequired: true };

export interface AuthContextValue {
  state: AuthState;
  /** Resolves when signed in or when a code is needed; rejects (ApiError) when the credentials are refused. */
  login: (username: string, password: string, otp?: string) => Promise<LoginResult>;
  /** Reads check-auth again (after enrolling in two-factor sign-in, say). */
  refresh: () => Promise<void>;
  /** Always ends logged out, even when the server cannot be reached. */
  logout: () => Promise<void>;
}

const AuthContext = createContext<AuthContextValue | undefined>(undefined);

/**
 * The login call alone: the login page is a page of the public site, which keeps no session state
 * (a successful login loads the admin or the portal in full, and that checks the session itself).
 */
export const logIn = async (username: string, password: string, otp?: string): Promise<LoginResult> => {
  const answer = await http.post<LoginAnswer>('/api/login/', otp ? { username, password, otp } : { username, password });
  if (!answer.success) return { otpRequired: true };
  return { otpRequired: false, user: { ...answer.user, is_superuser: answer.is_superuser } };
};

export const AuthProvider = ({ children }: { children: ReactNode }) => {
  const [state, setState] = useState<AuthState>({ status: 'checking' });

  const check = useCallback(async (signal?: AbortSignal) => {
    try {
      const answer = await http.get<CheckAuthAnswer>('/api/check-auth/', { signal });
      setState(answer.isAuthenticated && answer.user ? { status: 'authenticated', user: answer.user } : { status: 'anonymous' });
    } catch {
      if (!signal?.aborted) setState({ status: 'anonymous' });
    }
  }, []);

  useEffect(() => {
    const controller = new AbortController();
    void check(controller.signal);
    return () => controller.abort();
  }, [check]);

  const refresh = useCallback(() => check(), [check]);

  const login = useCallback(async (username: string, password: string, otp?: string): Promise<LoginResult> => {
    const result = await logIn(username, password, otp);
    if (!result.otpRequired) setState({ status: 'authenticated', user: result.user });
    return result;
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

  const value = useMemo(() => ({ state, login, refresh, logout }), [state, login, refresh, logout]);
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
};

export const useAuth = (): AuthContextValue => {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth must be used inside <AuthProvider>');
  return value;
};

export const homeOf = (user: AuthUser): string => (user.is_superuser ? '/admin' : '/portal');
