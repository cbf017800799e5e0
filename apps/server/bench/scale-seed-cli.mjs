#!/usr/bin/env node
// Seeds one database the way `pnpm bench:scale` does (scale-seed.ts, through the project's own data layer),
// for the tests and benches that need a big site in another process: the admin e2e tests at 10,000 users
// (apps/site/e2e/scale-server.ts) and `pnpm bench:users-tab` at 100,000.
//   node apps/server/bench/scale-seed-cli.mjs <DATABASE_URL> <users> [projects] [audit entries]
// Prints one JSON line on stdout: the owner's and the other users' password (seed constants, not secrets).
import { importTs } from "./import-ts.mjs";

const [databaseUrl, users, projects = "0", audit = "0"] = process.argv.slice(2);
if (!databaseUrl || !(Number(users) > 0)) {
  console.error("usage: scale-seed-cli.mjs <DATABASE_URL> <users> [projects] [audit entries]");
  process.exit(2);
}
const seed = await importTs("./scale-seed.ts", "scale-seed-cli.bundle.mjs");
await seed.seedScale(databaseUrl, { users: Number(users), projects: Number(projects), audit: Number(audit) }, (line) =>
  console.error(`seed: ${line}`),
);
console.log(JSON.stringify({ ownerPassword: seed.OWNER_PASSWORD, userPassword: seed.USER_PASSWORD }));
