/**
 * The audit log proves itself in the panel: the Dashboard's audit card says whether the chain is
 * intact ('Audit log intact: N entries, checked 2 minutes ago') and verifies again on 'Verify now'; an entry
 * changed in the database behind the server's back shows as the break, with the first bad entry.
 */
import { join } from "node:path";
import { openDatabase } from "@portfolio/core/data";
import { seriousViolations } from "@portfolio/testing/browser/axe.ts";
import { expect, openPanel, ownerAccount, test } from "./admin-support.ts";

// A fresh database for each test: this file changes an audit entry in the database behind the server's back: the chain stays broken for the server's life.
test.use({ ownServer: true });

test.describe.configure({ timeout: 90_000 });

interface Verified {
  ok: boolean;
  entries: number;
}

test("says the chain is intact with its entry count, counts the time since, and verifies again on demand", async ({
  page,
  login,
  ownerApi,
}) => {
  await page.clock.install();
  await login(ownerAccount);
  await openPanel(page);
  const chain = page.getByTestId("audit-chain");
  await expect(chain).toHaveAttribute("data-state", "intact", { timeout: 15_000 });
  const first = (await (await ownerApi.get("/api/admin/audit/verify")).json()) as Verified;
  await expect(page.getByTestId("audit-chain-text")).toHaveText(
    `Audit log intact: ${first.entries.toLocaleString("en-US")} entries, checked just now.`,
  );

  await page.clock.fastForward("02:00");
  await expect(page.getByTestId("audit-chain-text")).toContainText("checked 2 minutes ago.");

  // A new entry, then 'Verify now' counts it.
  const created = await ownerApi.post("/api/projects", { data: { title: "Audited", description: "One more entry." } });
  expect(created.status()).toBe(201);
  const again = page.waitForResponse((r) => r.url().endsWith("/api/admin/audit/verify"));
  await page.getByRole("button", { name: "Verify now" }).click();
  await again;
  const second = (await (await ownerApi.get("/api/admin/audit/verify")).json()) as Verified;
  expect(second.entries).toBe(first.entries + 1);
  await expect(page.getByTestId("audit-chain-text")).toHaveText(
    `Audit log intact: ${second.entries.toLocaleString("en-US")} entries, checked just now.`,
  );
});

test("shows the break, with the first bad entry, after an entry is changed in the database", async ({
  page,
  login,
  ownerApi,
  server,
}) => {
  await login(ownerAccount);
  const { entries } = (await (await ownerApi.get("/api/admin/audit?limit=3")).json()) as { entries: { id: string }[] };
  const target = entries.at(-1)?.id ?? "";
  // Someone with write access to the database file, but not the audit key, edits an entry.
  const { db, sqlite } = openDatabase(`file:${join(server.dir, "portfolio.db")}`);
  try {
    const triggers = sqlite
      ?.prepare("SELECT name, sql FROM sqlite_master WHERE type = 'trigger' AND tbl_name = 'audit_log'")
      .all() as { name: string; sql: string }[];
    for (const t of triggers) sqlite?.exec(`DROP TRIGGER "${t.name}"`);
    sqlite?.prepare("UPDATE audit_log SET details = ? WHERE id = ?").run('{"forged":true}', target);
    for (const t of triggers) sqlite?.exec(t.sql);
  } finally {
    await db.destroy();
  }

  await openPanel(page);
  const chain = page.getByTestId("audit-chain");
  await expect(chain).toHaveAttribute("data-state", "broken", { timeout: 15_000 });
  await expect(chain.getByRole("alert")).toContainText(`Audit log broken at entry ${target}.`);
  await expect(chain).toContainText("This entry was changed after it was written.");
  expect(await seriousViolations(page, { where: "broken chain" })).toEqual([]);
});

test("shows a stored daily result changed in the database as a break, and 'Verify now' walks the chain again", async ({
  page,
  login,
  server,
}) => {
  await login(ownerAccount);
  // Someone with write access to the database, but not the audit key, stores an 'intact' result dated far
  // ahead, which would stop the daily check and keep the card saying 'intact'.
  const { db } = openDatabase(`file:${join(server.dir, "portfolio.db")}`);
  try {
    const forged = { ok: true, entries: 1, at: "2999-01-01T00:00:00.000Z" };
    await db.deleteFrom("settings").where("key", "=", "audit_last_check").execute();
    await db
      .insertInto("settings")
      .values({ key: "audit_last_check", value: JSON.stringify(forged) })
      .execute();
  } finally {
    await db.destroy();
  }

  await openPanel(page);
  const chain = page.getByTestId("audit-chain");
  await expect(chain).toHaveAttribute("data-state", "broken", { timeout: 15_000 });
  await expect(chain.getByRole("alert")).toContainText("Audit log broken.");
  await expect(chain).toContainText("The stored result of the daily check was changed in the database.");

  const again = page.waitForResponse((r) => r.url().endsWith("/api/admin/audit/verify"));
  await page.getByRole("button", { name: "Verify now" }).click();
  await again;
  await expect(chain).toHaveAttribute("data-state", "intact");
});
