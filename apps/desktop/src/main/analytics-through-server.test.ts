/**
 * The desktop app shows the Dashboard's visitor analytics read through the server (docs/design.md section 10):
 * its own database counts no visitors. Offline the call answers 'Needs a connection.', which the card shows as
 * a plain sentence; a beacon is the website's, never the desktop's.
 */
import { DomainError } from "@portfolio/core/domain";
import type { Core } from "@portfolio/core/services";
import { describe, expect, it } from "vitest";
import { createDispatch, NEEDS_CONNECTION, NOT_IN_DESKTOP, placementOf } from "./dispatch.ts";

function offlineDispatch() {
  return createDispatch({
    core: {} as Core,
    actor: async () => ({ kind: "anonymous" }),
    desktop: {} as never,
    server: async () => null,
    reachable: () => {},
    unauthorized: async () => {},
    sync: async () => {},
  });
}

describe("visitor analytics in the desktop app", () => {
  it("are read through the server", () => {
    expect(placementOf("analytics.get")).toBe("server");
    expect(placementOf("analytics.settings.get")).toBe("server");
  });

  it("answer 'Needs a connection.' offline", async () => {
    const error = await offlineDispatch()("analytics.get", { from: "2026-11-01", to: "2026-11-27" }).catch((e) => e);
    expect(error).toBeInstanceOf(DomainError);
    expect((error as DomainError).message).toBe(NEEDS_CONNECTION);
    expect((error as DomainError).payload).toMatchObject({ needsConnection: true });
  });

  it("send no visit beacon", async () => {
    const error = await offlineDispatch()("visits.record", { path: "/", kind: "view" }).catch((e) => e);
    expect((error as Error).message).toBe(NOT_IN_DESKTOP);
  });
});
