/** The change-password form's own checks, in the order and words of the sign-up form (spec section 5). */
import { MESSAGES, MIN_PASSWORD_LENGTH } from "@portfolio/core/domain";

export type PasswordChangeField = "current" | "next" | "confirm";

/** The problem and the field it belongs to (an empty field: the first empty one), or null. */
export function passwordChangeProblem(
  current: string,
  next: string,
  confirm: string,
): { field: PasswordChangeField; message: string } | null {
  const empty = (
    [
      ["current", current],
      ["next", next],
      ["confirm", confirm],
    ] as const
  ).find(([, value]) => value === "");
  if (empty) return { field: empty[0], message: MESSAGES.fillAllFields };
  if (next !== confirm) return { field: "confirm", message: MESSAGES.passwordsMismatch };
  if (next.length < MIN_PASSWORD_LENGTH) return { field: "next", message: MESSAGES.passwordTooShort };
  return null;
}
