/**
 * A real HTTP server on loopback shaped like TheCatAPI: `GET /v1/images/search` answers
 * `[{id, url, width, height}]`, a different image each call (so tests can tell a cached pick from a new one).
 * With `apiKey` set it refuses calls without the matching `x-api-key` header, as TheCatAPI does for keyed
 * features. It can be broken on demand: an error status, an empty list, or a body that is not JSON.
 */
import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";

export type FakeCatFailure = "error" | "empty" | "garbage" | null;

export interface FakeCatApi {
  /** Use as CAT_API_BASE_URL. */
  baseUrl: string;
  calls: { path: string; query: Record<string, string>; apiKey: string | undefined }[];
  /** The url of the image the n-th call (from 1) answers. */
  imageUrl(n: number): string;
  failure: FakeCatFailure;
  delayMs: number;
  close(): Promise<void>;
}

export async function startFakeCatApi(options: { apiKey?: string } = {}): Promise<FakeCatApi> {
  let served = 0;
  const fake: FakeCatApi = {
    baseUrl: "",
    calls: [],
    imageUrl: (n) => `https://cdn2.thecatapi.com/images/cat${n}.jpg`,
    failure: null,
    delayMs: 0,
    close: async () => {},
  };

  const server = createServer(async (req: IncomingMessage, res) => {
    const url = new URL(req.url ?? "/", "http://fake");
    const apiKey = req.headers["x-api-key"];
    fake.calls.push({
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      apiKey: typeof apiKey === "string" ? apiKey : undefined,
    });
    const json = (status: number, body: unknown) => {
      res.writeHead(status, { "content-type": "application/json; charset=utf-8" });
      res.end(JSON.stringify(body));
    };
    if (fake.delayMs > 0) await new Promise((resolve) => setTimeout(resolve, fake.delayMs));
    if (req.method !== "GET" || url.pathname !== "/v1/images/search") {
      json(404, { message: "NOT_FOUND", status: 404 });
      return;
    }
    if (options.apiKey && apiKey !== options.apiKey) {
      json(401, {
        message: "AUTHENTICATION_ERROR - you need to send your API Key as the 'x-api-key' header",
        status: 401,
      });
      return;
    }
    if (fake.failure === "error") {
      json(500, { message: "INTERNAL_SERVER_ERROR", status: 500 });
      return;
    }
    if (fake.failure === "empty") {
      json(200, []);
      return;
    }
    if (fake.failure === "garbage") {
      res.writeHead(200, { "content-type": "text/html" });
      res.end("<html>maintenance</html>");
      return;
    }
    served++;
    json(200, [{ id: `cat${served}`, url: fake.imageUrl(served), width: 640, height: 480 }]);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  fake.baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  fake.close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return fake;
}
