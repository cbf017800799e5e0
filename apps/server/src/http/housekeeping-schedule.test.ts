/**
 * The server's housekeeping schedule, on both dialects: it runs shortly after start, every
 * instance keeps a timer yet one of them does the work per interval, and AUDIT_RETENTION_DAYS reaches it.
 */
import { createSession } from "@portfolio/core/services";
import { startTestServer, type TestServer } from "@portfolio/testing/server/test-server.ts";
import { afterEach, describe, expect, it, vi } from "vitest";
import { type HousekeepingSchedule, scheduleHousekeeping } from "./housekeeping-schedule.ts";

const DAY = 24 * 60 * 60 * 1000;
let server: TestServer;
const schedules: HousekeepingSchedule[] = [];
afterEach(async () => {
  for (const schedule of schedules.splice(0)) schedule.stop();
  await server.close();
});

async function expiredSession(): Promise<void> {
  const owner = await server.core.db.selectFrom("users").select("id").executeTakeFirstOrThrow();
  await createSession(server.core, server.core.db, owner.id, "old browser");
  server.clock.advance(31 * DAY);
}

describe("the housekeeping schedule", () => {
  it("deletes what expired soon after start, one instance of several doing it", async () => {
    server = await startTestServer();
    await expiredSession();
    const lines: string[] = [];
    for (let i = 0; i < 3; i++)
      schedules.push(scheduleHousekeeping(server.core, (line) => lines.push(line), { firstDelayMs: 0 }));
    await vi.waitFor(async () => expect(await server.core.db.selectFrom("sessions").selectAll().execute()).toEqual([]));
    await vi.waitFor(async () => {
      const lease = await server.core.db.selectFrom("job_leases").selectAll().executeTakeFirst();
      expect(lease?.last_run_at).not.toBeNull();
    });
    // The day's visitor salt made at start is a month old by then, and goes with the session.
    expect(lines).toEqual(["Housekeeping removed 1 sessions, 1 visitSalts."]);
  });

  it("applies AUDIT_RETENTION_DAYS to the audit log", async () => {
    server = await startTestServer({ env: { AUDIT_RETENTION_DAYS: "30" } });
    const before = (await server.core.db.selectFrom("audit_log").selectAll().execute()).length;
    expect(before).toBeGreaterThan(0);
    server.clock.advance(31 * DAY);
    schedules.push(scheduleHousekeeping(server.core, () => {}, { firstDelayMs: 0 }));
    await vi.waitFor(async () =>
      expect(await server.core.db.selectFrom("audit_log").selectAll().execute()).toEqual([]),
    );
  });
});
