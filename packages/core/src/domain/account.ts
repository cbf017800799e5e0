/** A logged-in user's own account: the password change form's body. Browser-safe. */
import { z } from "zod";
import { MESSAGES } from "./messages.ts";
import { passwordSchema, withinBcryptLimit } from "./validation.ts";

export const changePasswordSchema = z.object({
  currentPassword: z
    .string({ error: "Current password is required." })
    .min(1, "Current password is required.")
    // As at login: bcrypt would otherwise accept any text that starts with the right 72 bytes.
    .refine(withinBcryptLimit, MESSAGES.passwordTooLong),
  newPassword: passwordSchema,
});
