/**
 * First start on an empty database: create the owner, the four roles and the 14 built-in projects, once.
 * A `seeded` flag keeps deleted built-in projects from coming back on the next start.
 *
 * Several instances may start at once on one PostgreSQL database: the work runs in a serializable
 * transaction (retried on conflict), so only one of them creates the owner and seeds; should another
 * instance's owner row still win a race as a unique violation, the check runs again and finds it.
 */
import { isUniqueViolation, serializableTransaction } from "../data/dialect.ts";
import { OWNER_OVERRIDE } from "../domain/permissions.ts";
import { recordAudit } from "./audit.service.ts";
import type { Core } from "./context.ts";
import { seedProjects } from "./projects.service.ts";
import { seedRoles } from "./roles.service.ts";
import { generatePassword, hashPassword, newId } from "./secrets.ts";
import { getSetting, setSetting } from "./settings.service.ts";
import { anyUserExists, insertUser } from "./users.table.ts";

export interface OwnerOptions {
  username: string;
  email: string;
  password?: string | undefined;
}

export interface BootstrapResult {
  ownerCreated: boolean;
  /** Only when the owner was created without a configured password: print it once, never store it. */
  generatedPassword?: string;
  projectsSeeded: boolean;
}

export async function bootstrap(core: Core, owner: OwnerOptions): Promise<BootstrapResult> {
  const hasUsers = await anyUserExists(core.db);
  const generatedPassword = hasUsers || owner.password ? undefined : generatePassword();
  const password = owner.password ?? generatedPassword;
  const passwordHash = !hasUsers && password ? await hashPassword(password, core.config.bcryptCost) : undefined;
  const run = () =>
    serializableTransaction(core.db, async (trx) => {
      const now = core.now();
      await seedRoles(trx, now);
      let ownerCreated = false;
      const stillEmpty = !(await anyUserExists(trx));
      if (stillEmpty && passwordHash) {
        const id = newId();
        await insertUser(trx, {
          id,
          username: owner.username,
          email: owner.email,
          password_hash: passwordHash,
          permissions: JSON.stringify([OWNER_OVERRIDE]),
          role_key: "owner",
          rank: 0,
          is_active: 1,
          activated_at: now.toISOString(),
          created_at: now.toISOString(),
          updated_at: now.toISOString(),
        });
        await recordAudit(
          { config: core.config, now: () => now },
          trx,
          { kind: "system", reason: "first start" },
          {
            action: "user.edit",
            targetType: "user",
            targetId: id,
            details: { after: { username: owner.username, permissions: [OWNER_OVERRIDE] }, created: true },
          },
        );
        ownerCreated = true;
      }
      const seeded = (await getSetting<boolean>(trx, "seeded")) === true;
      if (!seeded) {
        await seedProjects(trx, now);
        await setSetting(trx, "seeded", true);
      }
      const result: BootstrapResult = { ownerCreated, projectsSeeded: !seeded };
      if (ownerCreated && generatedPassword) result.generatedPassword = generatedPassword;
      return result;
    });
  try {
    return await run();
  } catch (error) {
    // Another instance created the owner first: run the checks again, which now find it and create nothing.
    if (!isUniqueViolation(error)) throw error;
    return run();
  }
}
