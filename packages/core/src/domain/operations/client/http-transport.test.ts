import { describe, expect, it } from "vitest";
import { createHttpTransport, type HttpTransportOptions } from "./http-transport.ts";
import { ApiError, ApiNetworkError } from "./transport.ts";

type Call = { url: string; init: RequestInit | undefined };

/** Stands in for the network (the edge): answers each request with `answer`, and records it. */
function fakeFetch(answer: (call: Call) => Response | Promise<Response>): { fetch: typeof fetch; calls: Call[] } {
  const calls: Call[] = [];
  return {
    calls,
    fetch: async (input, init) => {
      const call = { url: String(input), init };
      calls.push(call);
      return answer(call);
    },
  };
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });

const transport = (options: HttpTransportOptions) => createHttpTransport(options);
const bodyOf = (call: Call | undefined) => (call?.init?.body ? JSON.parse(String(call.init.body)) : undefined);

describe("createHttpTransport", () => {
  it("prefixes the base URL, sends JSON with credentials", async () => {
    const fake = fakeFetch(() => json(200, { _id: "1", username: "ada", permissions: [] }));
    await transport({ baseUrl: "https://api.example.test/", fetch: fake.fetch }).call("auth.login", {
      username: "ada",
      password: "secret1",
    });
    expect(fake.calls[0]?.url).toBe("https://api.example.test/api/login");
    expect(fake.calls[0]?.init?.method).toBe("POST");
    expect(fake.calls[0]?.init?.credentials).toBe("include");
    expect(bodyOf(fake.calls[0])).toEqual({ username: "ada", password: "secret1" });
  });

  it("asks the browser to revalidate any answer it kept rather than use it unasked", async () => {
    const fake = fakeFetch(() => json(200, { projects: [] }));
    await transport({ fetch: fake.fetch }).call("projects.list", {});
    expect((fake.calls[0]?.init as { cache?: string } | undefined)?.cache).toBe("no-cache");
  });

  it("asks for a page of projects in the query string, with the order's direction, and no body", async () => {
    const fake = fakeFetch(() => json(200, { projects: [], next: null, total: 0, latestId: null, lastSeen: null }));
    await transport({ fetch: fake.fetch }).call("projects.list", {
      limit: 50,
      sort: "az",
      direction: "desc",
      cursor: "abc",
    });
    expect(fake.calls[0]?.url).toBe("/api/projects?limit=50&sort=az&direction=desc&cursor=abc");
    expect(fake.calls[0]?.init?.method).toBe("GET");
    expect(fake.calls[0]?.init?.body).toBeUndefined();
  });

  it("turns an {error} answer into ApiError with the server's message", async () => {
    const http = transport({ fetch: fakeFetch(() => json(401, { error: "Invalid username or password." })).fetch });
    const failure = await http.call("auth.login", { username: "ada", password: "nope" }).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(ApiError);
    expect((failure as ApiError).status).toBe(401);
    expect((failure as ApiError).serverMessage).toBe("Invalid username or password.");
  });

  it("keeps serverMessage undefined for a non-JSON error body", async () => {
    const http = transport({ fetch: fakeFetch(() => new Response("<html>", { status: 502 })).fetch });
    const failure = (await http.call("projects.list", {}).catch((e: unknown) => e)) as ApiError;
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure.serverMessage).toBeUndefined();
    expect(failure.message).toBe("Request failed with status 502");
  });

  it("reports an unreachable server as ApiNetworkError", async () => {
    const http = transport({
      fetch: async () => {
        throw new TypeError("Failed to fetch");
      },
    });
    const failure = await http.call("hello", {}).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(ApiNetworkError);
    expect((failure as ApiNetworkError).message).toBe("The server could not be reached.");
  });

  it("answers undefined for a 204", async () => {
    const http = transport({ fetch: fakeFetch(() => new Response(null, { status: 204 })).fetch });
    await expect(http.call("auth.logout", {})).resolves.toBeUndefined();
  });
});

describe("createHttpTransport: where each input goes", () => {
  const recording = (answer: unknown = { items: [], next: null }) => {
    const fake = fakeFetch(() => json(200, answer));
    return { http: transport({ fetch: fake.fetch }), calls: fake.calls };
  };
  const lines = (calls: Call[]) => calls.map((c) => [c.init?.method, c.url, bodyOf(c)]);

  it("reads a project's history page older than the previous page's next", async () => {
    const { http, calls } = recording();
    await http.call("projects.history", { id: "p1", before: 7, limit: 20 });
    expect(lines(calls)).toEqual([["GET", "/api/projects/p1/history?before=7&limit=20", undefined]]);
  });

  it("restores a version on top of the version the editor shows", async () => {
    const { http, calls } = recording({});
    await http.call("projects.restore", { id: "p1", version: 3, baseVersion: 5 });
    expect(lines(calls)).toEqual([["POST", "/api/projects/p1/restore", { version: 3, baseVersion: 5 }]]);
  });

  it("lists, restores and purges the trash, and verifies the audit chain", async () => {
    const { http, calls } = recording({});
    await http.call("trash.list", {});
    await http.call("trash.restore", { id: "p1" });
    await http.call("trash.purge", { id: "p1" });
    await http.call("audit.verify", {});
    expect(calls.map((c) => `${c.init?.method} ${c.url}`)).toEqual([
      "GET /api/admin/trash",
      "POST /api/admin/trash/project/p1/restore",
      "DELETE /api/admin/trash/project/p1",
      "GET /api/admin/audit/verify",
    ]);
  });

  it("reads the site profile's and a role's history, paged with limit and before", async () => {
    const { http, calls } = recording();
    await http.call("profile.history", { limit: 20, before: 7 });
    await http.call("roles.history", { roleKey: "moderator" });
    expect(calls.map((c) => [c.init?.method, c.url])).toEqual([
      ["GET", "/api/admin/settings/profile/history?limit=20&before=7"],
      ["GET", "/api/admin/roles/moderator/history"],
    ]);
  });

  it("restores a version with its base, and previews a role's restore with dryRun", async () => {
    const { http, calls } = recording({});
    await http.call("profile.restore", { version: 3, baseVersion: 5 });
    await http.call("roles.restore", { roleKey: "user", version: 2, dryRun: true });
    expect(lines(calls)).toEqual([
      ["POST", "/api/admin/settings/profile/restore", { version: 3, baseVersion: 5 }],
      ["POST", "/api/admin/roles/user/restore", { version: 2, dryRun: true }],
    ]);
  });

  it("lists and revokes device tokens, a path parameter encoded", async () => {
    const { http, calls } = recording({ tokens: [] });
    await http.call("sync.tokens.list", {});
    await http.call("sync.tokens.revoke", { id: "t 1" });
    await http.call("users.deviceTokens.list", { id: "u 1" });
    await http.call("users.deviceTokens.revoke", { id: "u1", tokenId: "t/1" });
    expect(calls.map((c) => `${c.init?.method} ${c.url}`)).toEqual([
      "GET /api/sync/tokens",
      "DELETE /api/sync/tokens/t%201",
      "GET /api/admin/users/u%201/device-tokens",
      "DELETE /api/admin/users/u1/device-tokens/t%2F1",
    ]);
  });
});

describe("createHttpTransport: creating writes survive a restarting instance", () => {
  const project = { title: "New", description: "", tags: [], isArchived: false, isLatest: false };
  const created = { _id: "p1", ...project };
  const keyOf = (call: Call | undefined) => new Headers(call?.init?.headers).get("Idempotency-Key");

  it("sends a fresh Idempotency-Key with each creating write", async () => {
    const fake = fakeFetch(() => json(201, created));
    const http = transport({ fetch: fake.fetch });
    await http.call("projects.create", project);
    await http.call("projects.create", project);
    const [first, second] = fake.calls.map(keyOf);
    expect(first).toMatch(/^[0-9a-f]{32}$/);
    expect(second).toMatch(/^[0-9a-f]{32}$/);
    expect(first).not.toBe(second);
  });

  it("retries once with the same key after a 502 from the balancer", async () => {
    let n = 0;
    const fake = fakeFetch(() => (n++ === 0 ? new Response("Bad Gateway", { status: 502 }) : json(201, created)));
    expect(await transport({ fetch: fake.fetch }).call("projects.create", project)).toEqual(created);
    expect(fake.calls).toHaveLength(2);
    expect(keyOf(fake.calls[1])).toBe(keyOf(fake.calls[0]));
  });

  it("retries once with the same key when no answer came back, and reports a second failure", async () => {
    const calls: Call[] = [];
    const http = transport({
      fetch: async (input, init) => {
        calls.push({ url: String(input), init });
        throw new TypeError("Failed to fetch");
      },
    });
    expect(await http.call("projects.create", project).catch((e: unknown) => e)).toBeInstanceOf(ApiNetworkError);
    expect(calls).toHaveLength(2);
    expect(keyOf(calls[1])).toBe(keyOf(calls[0]));
  });

  const stillRunning = () =>
    json(409, { error: "A request with this Idempotency-Key is still being processed. Try again in a moment." });
  const withRetryAfter = (response: Response, seconds: string) => {
    response.headers.set("Retry-After", seconds);
    return response;
  };

  it("waits the Retry-After of a 409 saying the first attempt still runs, and resends with the same key", async () => {
    let n = 0;
    const fake = fakeFetch(() => (n++ === 0 ? withRetryAfter(stillRunning(), "1") : json(201, created)));
    const waited: number[] = [];
    const http = transport({ fetch: fake.fetch, wait: async (ms) => void waited.push(ms) });
    expect(await http.call("projects.create", project)).toEqual(created);
    expect(waited).toEqual([1000]);
    expect(fake.calls).toHaveLength(2);
    expect(keyOf(fake.calls[1])).toBe(keyOf(fake.calls[0]));
  });

  it("gives up on a first attempt still running after three resends, with the server's message", async () => {
    const fake = fakeFetch(() => withRetryAfter(stillRunning(), "1"));
    const http = transport({ fetch: fake.fetch, wait: async () => {} });
    const failure = (await http.call("projects.create", project).catch((e: unknown) => e)) as ApiError;
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure.status).toBe(409);
    expect(failure.serverMessage).toBe(
      "A request with this Idempotency-Key is still being processed. Try again in a moment.",
    );
    expect(fake.calls).toHaveLength(4);
  });

  it("never resends on a 409 without Retry-After (a key reused for another request)", async () => {
    const fake = fakeFetch(() =>
      json(409, { error: "This Idempotency-Key was already used for a different request." }),
    );
    const http = transport({ fetch: fake.fetch, wait: async () => {} });
    expect(((await http.call("projects.create", project).catch((e: unknown) => e)) as ApiError).status).toBe(409);
    expect(fake.calls).toHaveLength(1);
  });

  it("never resends an edit on a 409 with Retry-After", async () => {
    const fake = fakeFetch(() => withRetryAfter(json(409, { error: "Changed meanwhile." }), "1"));
    const http = transport({ fetch: fake.fetch, wait: async () => {} });
    await http.call("projects.update", { id: "p1", title: "x" }).catch(() => undefined);
    expect(fake.calls).toHaveLength(1);
  });

  it("sends no key and never resends any other write", async () => {
    const fake = fakeFetch(() => new Response("Bad Gateway", { status: 502 }));
    await transport({ fetch: fake.fetch })
      .call("projects.update", { id: "p1", title: "x" })
      .catch(() => undefined);
    expect(fake.calls).toHaveLength(1);
    expect(keyOf(fake.calls[0])).toBeNull();
  });
});
