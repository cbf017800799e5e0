/** The auth store of spec section 4 as a pure reducer: starts loading and logged out. */
import type { SessionUser } from "@portfolio/core/domain";

export interface AuthState {
  user: SessionUser | null;
  isLoggedIn: boolean;
  /** True until the first session check finishes (either way). */
  isLoading: boolean;
}

export type AuthAction =
  | { type: "checked"; user: SessionUser | null }
  | { type: "login"; user: SessionUser }
  | { type: "logout" };

export const INITIAL_AUTH_STATE: AuthState = { user: null, isLoggedIn: false, isLoading: true };

export function authReducer(_state: AuthState, action: AuthAction): AuthState {
  switch (action.type) {
    case "checked":
      return { user: action.user, isLoggedIn: action.user !== null, isLoading: false };
    case "login":
      return { user: action.user, isLoggedIn: true, isLoading: false };
    case "logout":
      return { user: null, isLoggedIn: false, isLoading: false };
  }
}
