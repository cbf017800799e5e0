import type { Action, PolicyActor, SecondFactorChallenge, SessionUser, TargetOf } from "@portfolio/core/domain";
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useReducer } from "react";
import type { ApiClient } from "../api/api-client.ts";
import { type AuthState, authReducer, INITIAL_AUTH_STATE } from "./auth-state.ts";
import { loadPolicy, policyAllows } from "./lazy-policy.ts";

export interface AuthContextValue extends AuthState {
  api: ApiClient;
  /** Calls the API; resolves with the user or rejects with ApiError / ApiNetworkError. */
  login(username: string, password: string): Promise<SessionUser | SecondFactorChallenge>;
  /** A session the login's second step or a passkey started: the store takes its user. */
  signedIn(user: SessionUser): Promise<SessionUser>;
  /** Ends the session on the server (best effort) and resets to logged out. */
  logout(): Promise<void>;
  /**
   * Asks the backend again who is logged in (e.g. after a role change that may have touched your own
   * permissions) and updates the store; a failed check leaves the state as it was.
   */
  refresh(): Promise<SessionUser | null>;
  /** Whether the logged-in user may do it: the policy the server applies (`decide`), nothing of its own. */
  can<A extends Action>(action: A, target?: TargetOf<A>): boolean;
}

const AuthContext = createContext<AuthContextValue | null>(null);

export function AuthProvider({ api, children }: { api: ApiClient; children: ReactNode }) {
  const [state, dispatch] = useReducer(authReducer, INITIAL_AUTH_STATE);

  useEffect(() => {
    let cancelled = false;
    api
      .me()
      .then(withPolicy)
      .then(
        (user) => !cancelled && dispatch({ type: "checked", user }),
        // Session check failure is silent: logged out.
        () => !cancelled && dispatch({ type: "checked", user: null }),
      );
    return () => {
      cancelled = true;
    };
  }, [api]);

  const login = useCallback(
    async (username: string, password: string) => {
      const answer = await api.call("auth.login", { username, password });
      // An account with a second factor is not signed in yet: the login screen asks for it next.
      if ("secondFactor" in answer) return answer;
      const user = await withPolicy(await withSecurityState(api, answer));
      dispatch({ type: "login", user });
      return user;
    },
    [api],
  );

  const signedIn = useCallback(
    async (answer: SessionUser) => {
      const user = await withPolicy(await withSecurityState(api, answer));
      dispatch({ type: "login", user });
      return user;
    },
    [api],
  );

  const logout = useCallback(async () => {
    try {
      await api.call("auth.logout", {});
    } catch {
      // The local state is cleared either way; the session expires on its own.
    }
    dispatch({ type: "logout" });
    console.info("Logged out.");
  }, [api]);

  const refresh = useCallback(async () => {
    const user = await withPolicy(await api.me());
    dispatch({ type: "checked", user });
    return user;
  }, [api]);

  const value = useMemo<AuthContextValue>(
    () => ({
      ...state,
      api,
      login,
      signedIn,
      logout,
      refresh,
      can: (action, target) => policyAllows(policyActor(state.user), action, target),
    }),
    [state, api, login, signedIn, logout, refresh],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

/**
 * The login answer with what /api/me adds (whether the owner requires this staff member to set up a second
 * factor first), so the site can take them to the set-up screen at once.
 */
async function withSecurityState(api: ApiClient, user: SessionUser): Promise<SessionUser> {
  try {
    return (await api.me()) ?? user;
  } catch {
    return user;
  }
}

/** Whether the owner requires this staff member to set up a second factor before using the admin panel. */
export function secondFactorRequired(user: SessionUser | null | undefined): boolean {
  return (user as { secondFactorRequired?: unknown } | null | undefined)?.secondFactorRequired === true;
}

/** Passes the user on once the policy's rules are there, so `can` answers for them as soon as they show. */
async function withPolicy<U extends SessionUser | null>(user: U): Promise<U> {
  if (user) await loadPolicy();
  return user;
}

export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error("useAuth must be used inside <AuthProvider>.");
  return value;
}

/** The backend client of this subtree (HTTP on the site, IPC in the desktop app): the one the session uses. */
export function useApi(): ApiClient {
  return useAuth().api;
}

/** The session user as the policy sees them. */
export function policyActor(user: Pick<SessionUser, "_id" | "permissions"> | null | undefined): PolicyActor {
  return user
    ? {
        kind: "user",
        id: user._id,
        permissions: user.permissions,
        // The server refuses admin operations until the second factor is set up; the UI offers none either.
        secondFactorMissing: secondFactorRequired(user as SessionUser),
      }
    : { kind: "anonymous" };
}

/** `useCan("users.edit", target)`: what the UI offers is exactly what the server's policy allows. */
export function useCan<A extends Action>(action: A, target?: TargetOf<A>): boolean {
  return useAuth().can(action, target);
}
