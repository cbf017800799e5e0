import { describe, expect, it } from "vitest";
import { ApiError, ApiNetworkError, errorMessage } from "./api-client.ts";
import { HttpApiClient } from "./http-api-client.ts";
import { hasCookie } from "./session-hint.ts";

type Call = { url: string; init: RequestInit | undefined };

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

describe("HttpApiClient", () => {
  it("prefixes the base URL, sends JSON with credentials", async () => {
    const fake = fakeFetch(() => json(200, { _id: "1", username: "ada", permissions: [] }));
    const api = new HttpApiClient({ baseUrl: "https://api.example.test/", fetch: fake.fetch });
    await api.login("ada", "secret1");
    expect(fake.calls[0]?.url).toBe("https://api.example.test/api/login");
    expect(fake.calls[0]?.init?.method).toBe("POST");
    expect(fake.calls[0]?.init?.credentials).toBe("include");
    expect(JSON.parse(String(fake.calls[0]?.init?.body))).toEqual({ username: "ada", password: "secret1" });
  });

  it("asks for a page of projects in the query string, with the order's direction, and no body", async () => {
    const fake = fakeFetch(() => json(200, { projects: [], next: null, total: 0, latestId: null, lastSeen: null }));
    const api = new HttpApiClient({ fetch: fake.fetch });
    await api.getProjectsPage({ limit: 50, sort: "az", direction: "desc", cursor: "abc" });
    expect(fake.calls[0]?.url).toBe("/api/projects?limit=50&sort=az&direction=desc&cursor=abc");
    expect(fake.calls[0]?.init?.method).toBe("GET");
    expect(fake.calls[0]?.init?.body).toBeUndefined();
  });

  it("turns an {error} answer into ApiError with the server's message", async () => {
    const api = new HttpApiClient({
      fetch: fakeFetch(() => json(401, { error: "Invalid username or password." })).fetch,
    });
    const failure = await api.login("ada", "nope").catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(ApiError);
    expect((failure as ApiError).status).toBe(401);
    expect((failure as ApiError).serverMessage).toBe("Invalid username or password.");
  });

  it("keeps serverMessage undefined for a non-JSON error body", async () => {
    const api = new HttpApiClient({ fetch: fakeFetch(() => new Response("<html>", { status: 502 })).fetch });
    const failure = (await api.getProjects().catch((e: unknown) => e)) as ApiError;
    expect(failure.serverMessage).toBeUndefined();
    expect(errorMessage(failure, "Failed.")).toBe("Failed.");
  });

  it("reports an unreachable server as ApiNetworkError", async () => {
    const api = new HttpApiClient({
      fetch: async () => {
        throw new TypeError("Failed to fetch");
      },
    });
    const failure = await api.hello().catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(ApiNetworkError);
    expect(errorMessage(failure, "Failed.", "Unexpected.")).toBe("Unexpected.");
  });

  it("answers null from me() on a non-ok answer, and handles 204", async () => {
    const api = new HttpApiClient({ fetch: fakeFetch(() => json(401, { error: "Not logged in." })).fetch });
    expect(await api.me()).toBeNull();
    const logout = new HttpApiClient({ fetch: fakeFetch(() => new Response(null, { status: 204 })).fetch });
    await expect(logout.logout()).resolves.toBeUndefined();
  });
});

describe("hasCookie", () => {
  it("finds a named cookie with a value", () => {
    expect(hasCookie("a=1; loggedIn=1; b=2", "loggedIn")).toBe(true);
    expect(hasCookie("loggedIn=", "loggedIn")).toBe(false);
    expect(hasCookie("notloggedIn=1", "loggedIn")).toBe(false);
    expect(hasCookie("", "loggedIn")).toBe(false);
  });
});

describe("HttpApiClient: creating writes survive a restarting instance", () => {
  const project = { title: "New", description: "", tags: [], isArchived: false, isLatest: false };
  const created = { _id: "p1", ...project };
  const keyOf = (call: Call | undefined) => new Headers(call?.init?.headers).get("Idempotency-Key");

  it("sends a fresh Idempotency-Key with each creating write", async () => {
    const fake = fakeFetch(() => json(201, created));
    const api = new HttpApiClient({ fetch: fake.fetch });
    await api.createProject(project);
    await api.createProject(project);
    const [first, second] = fake.calls.map(keyOf);
    expect(first).toMatch(/^[0-9a-f]{32}$/);
    expect(second).toMatch(/^[0-9a-f]{32}$/);
    expect(first).not.toBe(second);
  });

  it("retries once with the same key after a 502 from the balancer", async () => {
    let n = 0;
    const fake = fakeFetch(() => (n++ === 0 ? new Response("Bad Gateway", { status: 502 }) : json(201, created)));
    const api = new HttpApiClient({ fetch: fake.fetch });
    expect(await api.createProject(project)).toEqual(created);
    expect(fake.calls).toHaveLength(2);
    expect(keyOf(fake.calls[1])).toBe(keyOf(fake.calls[0]));
  });

  it("retries once with the same key when no answer came back, and reports a second failure", async () => {
    const calls: Call[] = [];
    const api = new HttpApiClient({
      fetch: async (input, init) => {
        calls.push({ url: String(input), init });
        throw new TypeError("Failed to fetch");
      },
    });
    expect(await api.createProject(project).catch((e: unknown) => e)).toBeInstanceOf(ApiNetworkError);
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
    const api = new HttpApiClient({ fetch: fake.fetch, wait: async (ms) => void waited.push(ms) });
    expect(await api.createProject(project)).toEqual(created);
    expect(waited).toEqual([1000]);
    expect(fake.calls).toHaveLength(2);
    expect(keyOf(fake.calls[1])).toBe(keyOf(fake.calls[0]));
  });

  it("gives up on a first attempt still running after three resends, with the server's message", async () => {
    const fake = fakeFetch(() => withRetryAfter(stillRunning(), "1"));
    const api = new HttpApiClient({ fetch: fake.fetch, wait: async () => {} });
    const failure = (await api.createProject(project).catch((e: unknown) => e)) as ApiError;
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
    const api = new HttpApiClient({ fetch: fake.fetch, wait: async () => {} });
    expect(((await api.createProject(project).catch((e: unknown) => e)) as ApiError).status).toBe(409);
    expect(fake.calls).toHaveLength(1);
  });

  it("never resends an edit on a 409 with Retry-After", async () => {
    const fake = fakeFetch(() => withRetryAfter(json(409, { error: "Changed meanwhile." }), "1"));
    const api = new HttpApiClient({ fetch: fake.fetch, wait: async () => {} });
    await api.updateProject("p1", { title: "x" }).catch(() => undefined);
    expect(fake.calls).toHaveLength(1);
  });

  it("sends no key and never resends any other write", async () => {
    const fake = fakeFetch(() => new Response("Bad Gateway", { status: 502 }));
    const api = new HttpApiClient({ fetch: fake.fetch });
    await api.updateProject("p1", { title: "x" }).catch(() => undefined);
    expect(fake.calls).toHaveLength(1);
    expect(keyOf(fake.calls[0])).toBeNull();
  });
});

describe("HttpApiClient history", () => {
  const page = { items: [], next: null };

  it("reads the site profile's and a role's history, paged with limit and before", async () => {
    const fake = fakeFetch(() => json(200, page));
    const api = new HttpApiClient({ fetch: fake.fetch });
    await api.getSiteProfileHistory({ limit: 20, before: 7 });
    await api.getRoleHistory("moderator");
    expect(fake.calls.map((c) => [c.init?.method, c.url])).toEqual([
      ["GET", "/api/admin/settings/profile/history?limit=20&before=7"],
      ["GET", "/api/admin/roles/moderator/history"],
    ]);
  });

  it("restores a version with its base, and previews a role's restore with dryRun", async () => {
    const fake = fakeFetch(() => json(200, {}));
    const api = new HttpApiClient({ fetch: fake.fetch });
    await api.restoreSiteProfile(3, { baseVersion: 5 });
    await api.restoreRole("user", 2, { dryRun: true });
    expect(fake.calls.map((c) => [c.init?.method, c.url, JSON.parse(String(c.init?.body))])).toEqual([
      ["POST", "/api/admin/settings/profile/restore", { version: 3, baseVersion: 5 }],
      ["POST", "/api/admin/roles/user/restore", { version: 2, dryRun: true }],
    ]);
  });
});
