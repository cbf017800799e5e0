/**
 * A readable "logged-in" hint cookie (spec section 4 names a logged-in cookie that logout clears).
 * The real session cookie is httpOnly; the hint only spares visitors a session check that would
 * answer 401. It is never trusted for anything else: the server checks the session on every call.
 */
export const SESSION_HINT_COOKIE = "loggedIn";
/** The e-mail cookie the spec's logout also clears; the site never sets it. */
export const USER_EMAIL_COOKIE = "userEmail";
const HINT_MAX_AGE_S = 30 * 24 * 60 * 60;

/** True when the cookie header string holds `name` with a non-empty value. */
export function hasCookie(cookieHeader: string, name: string): boolean {
  return cookieHeader.split(";").some((part) => {
    const [key, ...rest] = part.trim().split("=");
    return key === name && rest.join("=") !== "";
  });
}

export function sessionHintCookie(secure: boolean): string {
  return `${SESSION_HINT_COOKIE}=1; Path=/; Max-Age=${HINT_MAX_AGE_S}; SameSite=Lax${secure ? "; Secure" : ""}`;
}

export function expiredCookie(name: string): string {
  return `${name}=; Path=/; Max-Age=0; SameSite=Lax`;
}
