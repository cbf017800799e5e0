/**
 * A real server on a big site: a database seeded the way `pnpm bench:scale` seeds it (through the project's
 * own data layer, apps/server/bench/scale-seed-cli.mjs), so the admin panel's browser tests meet thousands of
 * accounts. Users are `user000001`… (e-mail `user000001@example.com`): 1–4 administrators, 5–24 moderators,
 * 25–74 custom permissions, the rest plain users; user000001 to user000199 are active, later ones mostly.
 */
import { execFile } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { REPO_ROOT, type RealServer, startRealServer } from "../scripts/testing/real-server.mjs";

const SEED_CLI = join(REPO_ROOT, "apps/server/bench/scale-seed-cli.mjs");

export interface ScaleServer {
  server: RealServer;
  /** The seeded owner's password (a constant of the seed, not a secret). */
  owner: { username: string; password: string };
  stop: () => Promise<void>;
}

export async function startScaleServer(users: number): Promise<ScaleServer> {
  const dir = await mkdtemp(join(tmpdir(), "portfolio-scale-e2e-"));
  const databaseUrl = `file:${join(dir, "scale.db")}`;
  try {
    const { stdout } = await promisify(execFile)(
      process.execPath,
      [SEED_CLI, databaseUrl, String(users), "20", "200"],
      {
        cwd: REPO_ROOT,
      },
    );
    const { ownerPassword } = JSON.parse(stdout.trim()) as { ownerPassword: string };
    const server = await startRealServer({ env: { DATABASE_URL: databaseUrl } });
    return {
      server,
      owner: { username: "owner", password: ownerPassword },
      stop: async () => {
        await server.stop();
        await rm(dir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    await rm(dir, { recursive: true, force: true });
    throw error;
  }
}
