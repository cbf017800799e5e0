/**
 * First start on an empty database: create the owner, the four roles and the 14 built-in projects, once.
 * A `seeded` flag keeps deleted built-in projects from coming back on the next start.
 *
 * Two steps, seedOnce and createOwnerOnce, each one serializable transaction (retried on conflict): several
 * instances may start at once on one PostgreSQL database, and only one of them creates the owner and seeds;
 * should another instance's row still win a race as a unique violation, the check runs again and finds it.
 */
import { serializableTransaction } from "../data/dialect.ts";
import { OWNER_OVERRIDE } from "../domain/permissions.ts";
import { recordAudit } from "./audit.service.ts";
import type { Core } from "./context.ts";
import { generatePassword, hashPassword, newId } from "./secrets.ts";
import { retriedOnUniqueViolation, seedOnce } from "./seed-once.ts";
import { anyUserExists, insertUser } from "./users.table.ts";

export { seedOnce };

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

/** Both steps of a first start, in order: what the tests and a process that need not answer early call. */
export async function bootstrap(core: Core, owner: OwnerOptions): Promise<BootstrapResult> {
  const { projectsSeeded } = await seedOnce(core);
  return { ...(await createOwnerOnce(core, owner)), projectsSeeded };
}

/**
 * The owner, when no user exists yet (after seedOnce: the owner's role must exist). Its bcrypt is a tenth of a
 * first start, so a server runs this after it listens, with every request that may need the owner waiting
 * for it (apps/server/src/http/startup-gate.ts).
 */
export async function createOwnerOnce(
  core: Core,
  owner: OwnerOptions,
): Promise<Omit<BootstrapResult, "projectsSeeded">> {
  if (await anyUserExists(core.db)) return { ownerCreated: false };
  const generatedPassword = owner.password ? undefined : generatePassword();
  const password = owner.password ?? (generatedPassword as string);
  const passwordHash = await hashPassword(password, core.config.bcryptCost);
  return retriedOnUniqueViolation(() =>
    serializableTransaction(core.db, async (trx) => {
      const now = core.now();
      if (await anyUserExists(trx)) return { ownerCreated: false };
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
      return generatedPassword ? { ownerCreated: true, generatedPassword } : { ownerCreated: true };
    }),
  );
}
