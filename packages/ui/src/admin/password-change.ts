/** The change-password form's own checks, in the order and words of the sign-up form (spec section 5). */
import { MESSAGES, MIN_PASSWORD_LENGTH } from "@portfolio/core/domain";

export function passwordChangeProblem(current: string, next: string, confirm: string): string | null {
  if (current === "" || next === "" || confirm === "") return MESSAGES.fillAllFields;
  if (next !== confirm) return MESSAGES.passwordsMismatch;
  if (next.length < MIN_PASSWORD_LENGTH) return MESSAGES.passwordTooShort;
  return null;
}
