import type { ReactNode } from "react";
import { useAuth } from "../auth/auth-context.tsx";
import { useNavigate } from "../routing/router.tsx";
import { useDarkMode } from "../theme/use-dark-mode.ts";
import { FOCUS_RING } from "./Button.tsx";
import { cx } from "./cx.ts";
import { CalendarIcon, HomeIcon, LogInIcon, LogOutIcon, MoonIcon, ShieldIcon, SunIcon, UserIcon } from "./icons.tsx";
import { RouteLink } from "./RouteLink.tsx";

export const ADMIN_PATH = "/admin/settings";
/** Every signed-in user's account page (password, sessions): for plain users too, who have no admin panel. */
export const ACCOUNT_PATH = "/account";

/** The look of a floating button: the `floating-button` class of controls.css. */
const FLOATING = "floating-button";

function Label({ children }: { children: ReactNode }) {
  return <span className="hidden md:inline">{children}</span>;
}

export interface FloatingButtonsProps {
  /**
   * Top-left button: 'auth' (login when logged out, logout when logged in, with the Account button beside
   * the dark-mode toggle) or 'home'.
   */
  left?: "auth" | "home" | "none";
  /** The calendar button, a quarter across the top. */
  calendar?: boolean;
  /** The admin-panel button (top centre); shown only to holders of website:admin:view. */
  admin?: boolean;
}

/** The floating buttons of spec section 2. The dark-mode toggle is always there, top right. */
export function FloatingButtons({ left = "home", calendar = false, admin = false }: FloatingButtonsProps) {
  const { isLoggedIn, logout, can } = useAuth();
  const navigate = useNavigate();
  const showAdmin = admin && isLoggedIn && can("admin.view");

  const onLogout = async () => {
    await logout();
    navigate("/");
  };

  return (
    <nav aria-label="Quick navigation" data-testid="floating-buttons">
      {left === "home" ? (
        <RouteLink to="/" className={cx(FLOATING, "left-4", FOCUS_RING)} aria-label="Home" data-testid="home-button">
          <HomeIcon />
          <Label>Home</Label>
        </RouteLink>
      ) : null}
      {left === "auth" && !isLoggedIn ? (
        <RouteLink
          to="/login"
          className={cx(FLOATING, "left-4", FOCUS_RING)}
          aria-label="Login"
          data-testid="login-button"
        >
          <LogInIcon />
          <Label>Login</Label>
        </RouteLink>
      ) : null}
      {left === "auth" && isLoggedIn ? (
        <button
          type="button"
          onClick={onLogout}
          className={cx(FLOATING, "left-4", FOCUS_RING)}
          aria-label="Logout"
          data-testid="logout-button"
        >
          <LogOutIcon />
          <Label>Logout</Label>
        </button>
      ) : null}
      {calendar ? (
        <RouteLink
          to="/calendar"
          className={cx(FLOATING, "left-1/4 -translate-x-1/2", FOCUS_RING)}
          aria-label="Calendar"
          data-testid="calendar-button"
        >
          <CalendarIcon />
          <Label>Calendar</Label>
        </RouteLink>
      ) : null}
      {showAdmin ? (
        <RouteLink
          to={ADMIN_PATH}
          className={cx(FLOATING, "left-1/2 -translate-x-1/2", FOCUS_RING)}
          aria-label="Admin panel"
          data-testid="admin-button"
        >
          <ShieldIcon />
          <Label>Admin</Label>
        </RouteLink>
      ) : null}
      {left === "auth" && isLoggedIn ? (
        <RouteLink
          to={ACCOUNT_PATH}
          className={cx(FLOATING, "right-18", FOCUS_RING)}
          aria-label="Account"
          data-testid="account-button"
        >
          <UserIcon />
          <Label>Account</Label>
        </RouteLink>
      ) : null}
      <DarkModeToggle className={cx(FLOATING, "right-4", FOCUS_RING)} />
    </nav>
  );
}

export function DarkModeToggle({ className }: { className?: string }) {
  const [dark, toggle] = useDarkMode();
  return (
    <button
      type="button"
      onClick={toggle}
      className={className}
      aria-label={dark ? "Switch to light mode" : "Switch to dark mode"}
      title={dark ? "Switch to light mode" : "Switch to dark mode"}
      data-testid="dark-mode-toggle"
    >
      {dark ? <SunIcon /> : <MoonIcon />}
    </button>
  );
}
