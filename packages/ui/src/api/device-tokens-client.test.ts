import { describe, expect, it } from "vitest";
import { HttpApiClient } from "./http-api-client.ts";

type Call = { url: string; method: string | undefined };

function recordingFetch(answer: () => Response): { fetch: typeof fetch; calls: Call[] } {
  const calls: Call[] = [];
  return {
    calls,
    fetch: async (input, init) => {
      calls.push({ url: String(input), method: init?.method });
      return answer();
    },
  };
}

describe("device token calls", () => {
  it("lists the tokens with GET /api/sync/tokens and answers the list", async () => {
    const token = { id: "t1", name: "Laptop", createdAt: "2026-11-21T12:00:00.000Z", lastUsedAt: null };
    const fake = recordingFetch(() => Response.json({ tokens: [token] }));
    const api = new HttpApiClient({ baseUrl: "https://api.example.test", fetch: fake.fetch });
    expect(await api.getDeviceTokens()).toEqual([token]);
    expect(fake.calls).toEqual([{ url: "https://api.example.test/api/sync/tokens", method: "GET" }]);
  });

  it("revokes one with DELETE /api/sync/tokens/{id}", async () => {
    const fake = recordingFetch(() => new Response(null, { status: 204 }));
    const api = new HttpApiClient({ baseUrl: "https://api.example.test", fetch: fake.fetch });
    await api.revokeDeviceToken("t 1");
    expect(fake.calls).toEqual([{ url: "https://api.example.test/api/sync/tokens/t%201", method: "DELETE" }]);
  });

  it("lists a user's tokens with GET /api/admin/users/{id}/device-tokens", async () => {
    const token = { id: "t1", name: "Laptop", createdAt: "2026-11-21T12:00:00.000Z", lastUsedAt: null };
    const fake = recordingFetch(() => Response.json({ tokens: [token] }));
    const api = new HttpApiClient({ baseUrl: "https://api.example.test", fetch: fake.fetch });
    expect(await api.getUserDeviceTokens("u 1")).toEqual([token]);
    expect(fake.calls).toEqual([
      { url: "https://api.example.test/api/admin/users/u%201/device-tokens", method: "GET" },
    ]);
  });

  it("revokes a user's token with DELETE /api/admin/users/{id}/device-tokens/{tokenId}", async () => {
    const fake = recordingFetch(() => new Response(null, { status: 204 }));
    const api = new HttpApiClient({ baseUrl: "https://api.example.test", fetch: fake.fetch });
    await api.revokeUserDeviceToken("u1", "t/1");
    expect(fake.calls).toEqual([
      { url: "https://api.example.test/api/admin/users/u1/device-tokens/t%2F1", method: "DELETE" },
    ]);
  });
});
