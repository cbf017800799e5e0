import { ApiError, ApiNetworkError, errorMessage } from "@portfolio/ui";
import { describe, expect, it } from "vitest";
import type { DesktopBridge, InvokeReply } from "../shared/ipc-channel.ts";
import { ipcTransport } from "./ipc-transport.ts";

/** Stands in for the preload's bridge (Electron's edge): answers each call with the given reply. */
function bridgeAnswering(reply: InvokeReply): { bridge: DesktopBridge; calls: Array<[string, unknown]> } {
  const calls: Array<[string, unknown]> = [];
  return {
    calls,
    bridge: {
      invoke: async (operation, input) => {
        calls.push([operation, input]);
        return reply;
      },
    },
  };
}

describe("ipcTransport", () => {
  it("sends the operation and its input, and answers the value", async () => {
    const fake = bridgeAnswering({ ok: true, value: { message: "Hello" } });
    expect(await ipcTransport(fake.bridge).call("hello", {})).toEqual({ message: "Hello" });
    expect(fake.calls).toEqual([["hello", {}]]);
  });

  it("turns a refusal into the ApiError the HTTP transport throws, details included", async () => {
    const fake = bridgeAnswering({
      ok: false,
      status: 503,
      error: "Needs a connection.",
      details: { needsConnection: true },
    });
    const failure = await ipcTransport(fake.bridge)
      .call("users.list", {})
      .catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({
      status: 503,
      serverMessage: "Needs a connection.",
      details: { needsConnection: true },
    });
  });

  it("gives an ApiError without details an empty details object", async () => {
    const fake = bridgeAnswering({ ok: false, status: 404, error: "Project not found." });
    const failure = (await ipcTransport(fake.bridge)
      .call("projects.delete", { id: "x" })
      .catch((e: unknown) => e)) as ApiError;
    expect(failure.details).toEqual({});
    expect(errorMessage(failure, "Failed.")).toBe("Project not found.");
  });

  it("reports a bridge that fails as ApiNetworkError", async () => {
    const bridge: DesktopBridge = {
      invoke: async () => {
        throw new Error("Error invoking remote method 'invoke'");
      },
    };
    const failure = await ipcTransport(bridge)
      .call("hello", {})
      .catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(ApiNetworkError);
  });
});
