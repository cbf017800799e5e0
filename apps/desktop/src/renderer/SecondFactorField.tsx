/**
 * The code field of the connect and 'Sign in again' screens (docs/security.md, promise 30), shown once main says the account
 * has a second factor: an authenticator code or a recovery code. It says plainly that passkeys cannot be used
 * here: the app's pages come from app://portfolio, which no server's passkeys are registered for.
 */
import { TextField } from "@portfolio/ui";
import type { Ref } from "react";

export const CODE_HINT = "The 6-digit code from your authenticator app, or one of your recovery codes.";
export const NO_PASSKEYS_HERE =
  "Passkeys cannot be used in the desktop app. If you only have a passkey, use a recovery code, or set up an authenticator app on the website.";

export function SecondFactorField({
  id,
  inputRef,
  value,
  onValueChange,
}: {
  id: string;
  inputRef: Ref<HTMLInputElement>;
  value: string;
  onValueChange: (value: string) => void;
}) {
  return (
    <div data-testid="second-factor-field">
      <TextField
        ref={inputRef}
        id={id}
        label="Authentication code"
        autoComplete="one-time-code"
        autoCapitalize="none"
        spellCheck={false}
        value={value}
        onValueChange={onValueChange}
        aria-describedby={`${id}-hint ${id}-passkeys`}
      />
      <p id={`${id}-hint`} className="mt-1 text-sm text-slate-600 dark:text-slate-400">
        {CODE_HINT}
      </p>
      <p id={`${id}-passkeys`} className="mt-1 text-sm text-slate-600 dark:text-slate-400">
        {NO_PASSKEYS_HERE}
      </p>
    </div>
  );
}
