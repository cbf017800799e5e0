/** A logged-in user's own account: the password change form's body. Browser-safe. */
import { z } from "zod";
import { passwordSchema } from "./validation.ts";

export const changePasswordSchema = z.object({
  currentPassword: z
    .string({ error: "Current password is required." })
    .min(1, "Current password is required.")
    .max(1024),
  newPassword: passwordSchema,
});
