/**
 * Deploys that fail no request: two instances on PostgreSQL behind each shipped balancer (the real nginx and
 * Caddy from Debian's packages, the repo's own config files), six readers and two writers running, the
 * instances restarted one at a time as the README says. Any answer but the expected one is a failure,
 * including a write's 409 (a resend that met its first attempt still running must wait for its answer).
 * Runs in the PostgreSQL pass.
 */
import { describe, expect, it } from "vitest";
import { onPostgres } from "../test/instances.ts";
import { formatRollingReport, runRollingScenario } from "../test/rolling.ts";

describe.runIf(onPostgres)("a rolling restart behind the shipped balancers", () => {
  for (const balancer of ["nginx", "caddy"] as const) {
    it(`behind ${balancer}: no request fails, no write is lost or made twice`, async () => {
      const report = await runRollingScenario({ balancer });
      console.log(formatRollingReport(report));
      expect(report.restarts.map((r) => r.exit)).toEqual(["code 0", "code 0"]);
      expect(report.failed).toEqual({});
      expect(report.written).toBeGreaterThan(0);
      expect(report.lost).toBe(0);
      expect(report.duplicated).toBe(0);
    }, 150_000);
  }
});
