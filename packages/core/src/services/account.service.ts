/**
 * A logged-in user's own account: changing the password ends every other session, and every device token
 * (docs/security.md, promises 2 and 26).
 */

import { changePasswordSchema } from "../domain/account.ts";
import { Invalid } from "../domain/errors.ts";
import { recordAudit } from "./audit.service.ts";
import type { Actor, Core } from "./context.ts";
import { parseInput } from "./parse-input.ts";
import { requireUser } from "./policy.ts";
import { hashPassword, verifyPassword } from "./secrets.ts";
import { endUserSessions } from "./sessions.service.ts";
import { findUserById, setUserPassword } from "./users.table.ts";

export async function changeOwnPassword(core: Core, actor: Actor, input: unknown): Promise<{ message: string }> {
  const user = requireUser(actor);
  const { currentPassword, newPassword } = parseInput(changePasswordSchema, input);
  const row = await findUserById(core.db, user.id);
  if (!(await verifyPassword(currentPassword, row.password_hash)))
    throw new Invalid("The current password is not correct.");
  const passwordHash = await hashPassword(newPassword, core.config.bcryptCost);
  await core.db.transaction().execute(async (trx) => {
    await setUserPassword(trx, user.id, passwordHash, core.now().toISOString());
    await endUserSessions(trx, user.id, core.now(), user.sessionId);
    await recordAudit(core, trx, actor, {
      action: "auth.password_changed",
      targetType: "user",
      targetId: user.id,
    });
  });
  return { message: "Password changed. Your other sessions have been logged out." };
}
