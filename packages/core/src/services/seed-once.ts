/**
 * The first of a start's two steps (bootstrap.ts): the roles kept current and, once, the built-in projects,
 * before a server listens. Its own module, so a start that finds them seeded runs neither the projects'
 * service nor the owner's creation (audit, bcrypt) before its first answer (docs/performance.md, "Start").
 */
import { isUniqueViolation, serializableTransaction } from "../data/dialect.ts";
import type { Core } from "./context.ts";
import { seedProjects } from "./projects-seed.ts";
import { seedRoles } from "./roles-seed.ts";
import { getSetting, setSetting } from "./settings.service.ts";

/**
 * The four roles (kept current on every start) and, once, the 14 built-in projects: what the first public
 * read shows, so a server does this before it listens. No password is hashed here.
 */
export function seedOnce(core: Core): Promise<{ projectsSeeded: boolean }> {
  return retriedOnUniqueViolation(() =>
    serializableTransaction(core.db, async (trx) => {
      const now = core.now();
      await seedRoles(trx, now);
      const seeded = (await getSetting<boolean>(trx, "seeded")) === true;
      if (!seeded) {
        await seedProjects(trx, now);
        await setSetting(trx, "seeded", true);
      }
      return { projectsSeeded: !seeded };
    }),
  );
}

/** Another instance created the owner (or seeded) first: run the checks again, which now find it and do nothing. */
export async function retriedOnUniqueViolation<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    return run();
  }
}
