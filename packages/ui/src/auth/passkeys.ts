/**
 * The browser's side of passkeys over @simplewebauthn/browser: ask the device to create or use
 * a passkey for the server's options, and say in plain words why it did not (cancelled, none on this device).
 */
import { startAuthentication, startRegistration, WebAuthnError } from "@simplewebauthn/browser";

export const PASSKEY_MESSAGES = {
  unsupported: "This browser cannot use passkeys.",
  cancelled: "No passkey was used: the request was cancelled, or this device has no passkey for this site.",
  alreadyAdded: "This device already holds a passkey for your account.",
  failed: "The passkey could not be used. Try again.",
} as const;

export { passkeysSupported } from "./passkey-support.ts";

/** Why the device gave no passkey, in words for the screen. */
export function passkeyProblem(error: unknown): string {
  const name = error instanceof WebAuthnError ? error.code : error instanceof Error ? error.name : "";
  if (name === "ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED" || name === "InvalidStateError") {
    return PASSKEY_MESSAGES.alreadyAdded;
  }
  if (name === "ERROR_CEREMONY_ABORTED" || name === "NotAllowedError" || name === "AbortError") {
    return PASSKEY_MESSAGES.cancelled;
  }
  if (error instanceof Error && error.name === "NotAllowedError") return PASSKEY_MESSAGES.cancelled;
  return PASSKEY_MESSAGES.failed;
}

export async function createPasskey(options: Record<string, unknown>): Promise<Record<string, unknown>> {
  // biome-ignore lint/suspicious/noExplicitAny: the server's options are the library's JSON shape.
  const response = await startRegistration({ optionsJSON: options as any });
  return response as unknown as Record<string, unknown>;
}

export async function passkeyAnswer(options: Record<string, unknown>): Promise<Record<string, unknown>> {
  // biome-ignore lint/suspicious/noExplicitAny: the server's options are the library's JSON shape.
  const response = await startAuthentication({ optionsJSON: options as any });
  return response as unknown as Record<string, unknown>;
}
