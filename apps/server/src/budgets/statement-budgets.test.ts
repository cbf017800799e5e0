/**
 * The statement budgets (statement-budgets.ts): each pinned operation sends exactly its number of SQL
 * statements on this run's dialect.
 */
import { randomUUID } from "node:crypto";
import { testDialect } from "@portfolio/core/test/postgres-cluster";
import type { RoleAccounts } from "@portfolio/testing/server/accounts.ts";
import { connectDevice, NEW_PROJECT, syncOp } from "@portfolio/testing/server/device-client.ts";
import { serverWithAccounts } from "@portfolio/testing/server/server-with-accounts.ts";
import { OWNER, type TestServer } from "@portfolio/testing/server/test-server.ts";
import { describe, expect, it } from "vitest";
import { type BudgetedOperation, PUSH_STATEMENTS_PER_OP, STATEMENT_BUDGETS } from "./statement-budgets.ts";

const dialect = testDialect();
let server: TestServer;
let accounts: RoleAccounts;
serverWithAccounts((started) => ({ server, accounts } = started), { once: true });

const counted: Partial<Record<BudgetedOperation, number>> = {};

/** Counts the statements `work` sends and holds them to the operation's budget, naming both numbers. */
async function expectWithinBudget(operation: BudgetedOperation, work: () => Promise<void>): Promise<void> {
  // Sessions and devices refresh their last-seen time at most once a minute, on whichever request comes then:
  // marked seen now, a slow run cannot count that refresh in the operation it happens to fall on.
  const now = new Date().toISOString();
  await server.core.db.updateTable("sessions").set({ last_seen_at: now }).execute();
  await server.core.db.updateTable("device_tokens").set({ last_used_at: now }).execute();
  const count = await server.countStatements(work);
  counted[operation] = count;
  const budget = STATEMENT_BUDGETS[operation][dialect];
  expect(
    count,
    `${operation} sent ${count} statements on ${dialect}; its budget in statement-budgets.ts is ${budget}`,
  ).toBe(budget);
}

let pushes = 0;
/** Titles new to the server: each project's slug is claimed at the first try, as for most real projects. */
function pushOps(count: number) {
  pushes++;
  return Array.from({ length: count }, (_, i) =>
    syncOp({ entityId: randomUUID(), fields: { ...NEW_PROJECT, title: `Pushed ${pushes}.${i}` } }),
  );
}

describe(`statement budgets on ${dialect}`, () => {
  it("a password login", async () => {
    await expectWithinBudget("login", async () => {
      const res = await server.client().post("/api/login", { username: OWNER.username, password: OWNER.password });
      expect(res.status).toBe(200);
    });
  });

  it("the public project list after a change", async () => {
    const created = await accounts.as.admin.post("/api/projects", { title: "Budget", description: "D" });
    expect(created.status).toBe(201);
    await expectWithinBudget("public project list", async () => {
      expect((await server.client().get("/api/projects")).status).toBe(200);
    });
  });

  it("a project edit", async () => {
    const created = await accounts.as.admin.post<{ _id: string }>("/api/projects", { title: "Edit", description: "D" });
    await expectWithinBudget("project edit", async () => {
      const res = await accounts.as.admin.patch(`/api/projects/${created.body._id}`, { title: "Edited", version: 1 });
      expect(res.status).toBe(200);
    });
  });

  it("a user edit", async () => {
    await expectWithinBudget("user edit", async () => {
      const res = await accounts.as.owner.patch(`/api/admin/users/${accounts.ids.user}`, {
        username: "user1renamed",
        permissions: ["website:view", "projects:view"],
      });
      expect(res.status).toBe(200);
    });
  });

  it("a role edit", async () => {
    await expectWithinBudget("role edit", async () => {
      const res = await accounts.as.owner.patch("/api/admin/roles/moderator", {
        permissions: ["website:view", "website:admin:view", "projects:view", "users:view", "projects:create"],
      });
      expect(res.status).toBe(200);
    });
  });

  it("the dashboard", async () => {
    await expectWithinBudget("dashboard", async () => {
      expect((await accounts.as.owner.get("/api/admin/dashboard")).status).toBe(200);
    });
  });

  it("a sync push of 1 op and of 100 ops: a constant plus a fixed number per op", async () => {
    const { device } = await connectDevice(server, OWNER.username, OWNER.password);
    // The device's first push records its client; the budgets are for the pushes after it.
    expect((await device.push(pushOps(1))).status).toBe(200);
    await expectWithinBudget("sync push, 1 op", async () => {
      expect((await device.push(pushOps(1))).status).toBe(200);
    });
    await expectWithinBudget("sync push, 100 ops", async () => {
      expect((await device.push(pushOps(100))).status).toBe(200);
    });
    const one = counted["sync push, 1 op"] ?? 0;
    const hundred = counted["sync push, 100 ops"] ?? 0;
    expect(hundred - one, "statements per op beyond the first, times 99").toBeLessThanOrEqual(
      99 * PUSH_STATEMENTS_PER_OP,
    );
  });
});
