/**
 * Whether this browser can use passkeys at all: the one question a page asks before offering 'Sign in with
 * a passkey'. Apart from passkeys.ts so asking it does not load the WebAuthn library; that is fetched when a
 * passkey is actually used.
 */
export function passkeysSupported(): boolean {
  return typeof window !== "undefined" && typeof window.PublicKeyCredential === "function";
}
