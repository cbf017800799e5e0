import { OPERATION_NAMES } from "@portfolio/core/domain";
import type { Transport } from "@portfolio/core/operations/client";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ApiError, ApiNetworkError, errorMessage, TransportApiClient } from "./api-client.ts";
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

describe("TransportApiClient", () => {
  it("passes every operation of the registry, by its name and with its input, to the transport", async () => {
    const seen: Array<[string, unknown]> = [];
    const recording: Transport = {
      // biome-ignore lint/suspicious/noExplicitAny: the recording transport answers every operation alike.
      call: async (name, input) => void seen.push([name, input]) as any,
    };
    const api = new TransportApiClient(recording);
    // Each name typed as any one operation: the loop proves the client names none of them itself.
    for (const name of OPERATION_NAMES) await api.call(name as "hello", { probe: name } as never);
    expect(seen).toEqual(OPERATION_NAMES.map((name) => [name, { probe: name }]));
  });
});

describe("HttpApiClient", () => {
  it("calls any operation over HTTP at the base URL, with credentials", async () => {
    const fake = fakeFetch(() => json(200, { _id: "1", username: "ada", permissions: [] }));
    const api = new HttpApiClient({ baseUrl: "https://api.example.test/", fetch: fake.fetch });
    await api.call("auth.login", { username: "ada", password: "secret1" });
    expect(fake.calls[0]?.url).toBe("https://api.example.test/api/login");
    expect(fake.calls[0]?.init?.credentials).toBe("include");
  });

  it("rejects with ApiError carrying the server's message, which errorMessage shows", async () => {
    const api = new HttpApiClient({
      fetch: fakeFetch(() => json(401, { error: "Invalid username or password." })).fetch,
    });
    const failure = await api.call("auth.login", { username: "ada", password: "nope" }).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(ApiError);
    expect(errorMessage(failure, "Failed.")).toBe("Invalid username or password.");
  });

  it("shows the screen's fallback for an error answer without a message", async () => {
    const api = new HttpApiClient({ fetch: fakeFetch(() => new Response("<html>", { status: 502 })).fetch });
    const failure = await api.call("projects.list", {}).catch((e: unknown) => e);
    expect(errorMessage(failure, "Failed.")).toBe("Failed.");
  });

  it("reports an unreachable server as ApiNetworkError", async () => {
    const api = new HttpApiClient({
      fetch: async () => {
        throw new TypeError("Failed to fetch");
      },
    });
    const failure = await api.call("hello", {}).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(ApiNetworkError);
    expect(errorMessage(failure, "Failed.", "Unexpected.")).toBe("Unexpected.");
  });

  it("answers null from me() on a non-ok answer, and handles 204", async () => {
    const api = new HttpApiClient({ fetch: fakeFetch(() => json(401, { error: "Not logged in." })).fetch });
    expect(await api.me()).toBeNull();
    const logout = new HttpApiClient({ fetch: fakeFetch(() => new Response(null, { status: 204 })).fetch });
    await expect(logout.call("auth.logout", {})).resolves.toBeUndefined();
  });
});

describe("HttpApiClient: the logged-in hint cookie", () => {
  // The browser's document.cookie (the edge): reads answer `cookie`, every write is kept in order.
  let jar: { cookie: string; writes: string[] };
  beforeEach(() => {
    const writes: string[] = [];
    let cookie = "";
    jar = {
      writes,
      get cookie() {
        return cookie;
      },
      set cookie(value: string) {
        writes.push(value);
        cookie = value;
      },
    };
    vi.stubGlobal("document", jar);
    vi.stubGlobal("location", { protocol: "http:" });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it("makes no session check while the hint is absent", async () => {
    const fake = fakeFetch(() => json(200, { _id: "1", username: "ada", permissions: [] }));
    expect(await new HttpApiClient({ fetch: fake.fetch }).me()).toBeNull();
    expect(fake.calls).toEqual([]);
  });

  it("reads the hint from the Cookie Store where there is one, never from document.cookie", async () => {
    // The browser's Cookie Store (the edge): the hint set there, and every document.cookie read counted.
    vi.stubGlobal("cookieStore", { get: async (name: string) => (name === "loggedIn" ? { value: "1" } : null) });
    let reads = 0;
    vi.stubGlobal("document", {
      get cookie() {
        reads++;
        return "";
      },
      set cookie(_value: string) {},
    });
    const fake = fakeFetch(() => json(200, { _id: "1", username: "ada", permissions: [] }));
    expect(await new HttpApiClient({ fetch: fake.fetch }).me()).toMatchObject({ username: "ada" });
    expect(reads).toBe(0);
  });

  it("sets the hint when a login answers the user", async () => {
    const api = new HttpApiClient({ fetch: fakeFetch(() => json(200, { _id: "1", username: "ada" })).fetch });
    await api.call("auth.login", { username: "ada", password: "secret1" });
    expect(jar.writes).toEqual(["loggedIn=1; Path=/; Max-Age=2592000; SameSite=Lax"]);
  });

  it("sets no hint when a login asks for a second factor first", async () => {
    const api = new HttpApiClient({ fetch: fakeFetch(() => json(200, { secondFactor: ["totp"] })).fetch });
    await api.call("auth.login", { username: "ada", password: "secret1" });
    expect(jar.writes).toEqual([]);
  });

  it("clears the hint on logout, even when the server cannot be reached", async () => {
    const api = new HttpApiClient({
      fetch: async () => {
        throw new TypeError("Failed to fetch");
      },
    });
    await api.call("auth.logout", {}).catch(() => undefined);
    expect(jar.writes).toEqual([
      "loggedIn=; Path=/; Max-Age=0; SameSite=Lax",
      "userEmail=; Path=/; Max-Age=0; SameSite=Lax",
    ]);
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
