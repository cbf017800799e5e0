/** The published contract: a valid OpenAPI 3.1 document, in step with what the server mounts. */

import { OPERATION_NAMES, type OperationSpec, operations } from "@portfolio/core/domain";
import { startTestServer, type TestServer } from "@portfolio/testing/server/test-server.ts";
import { Validator } from "@seriousme/openapi-schema-validator";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createApp } from "../app.ts";
import { CAT_PICTURES } from "../create-tools.ts";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

type Document = { paths: Record<string, Record<string, { operationId: string }>> };

it("serves a document that an OpenAPI 3.1 validator accepts", async () => {
  const res = await server.client().get("/api/openapi.json");
  expect(res.status).toBe(200);
  const result = await new Validator().validate(res.body);
  expect(result.errors ?? []).toEqual([]);
  expect(result.valid).toBe(true);
  expect(res.body.openapi).toBe("3.1.0");
});

/** What Express really mounted: every route layer of the app, as `METHOD /api/path/{param}`. */
function mountedRoutes(): Set<string> {
  const app = createApp({ core: server.core, config: server.config, log: () => {} });
  const found = new Set<string>();
  type Layer = { route?: { path: string; methods: Record<string, boolean> }; handle?: { stack?: Layer[] } };
  const walk = (stack: Layer[], prefix: string) => {
    for (const layer of stack) {
      if (layer.route) {
        for (const method of Object.keys(layer.route.methods))
          found.add(`${method.toUpperCase()} ${prefix}${layer.route.path.replace(/:(\w+)/g, "{$1}")}`);
      } else if (layer.handle?.stack) {
        walk(layer.handle.stack, prefix === "" && layer.handle.stack.some((l) => l.route) ? "/api" : prefix);
      }
    }
  };
  walk((app as unknown as { router: { stack: Layer[] } }).router.stack, "");
  return found;
}

it("lists every mounted API route, and every path in it is mounted", async () => {
  const document = (await server.client().get<Document>("/api/openapi.json")).body;
  const documented = new Set(
    Object.entries(document.paths).flatMap(([path, item]) =>
      Object.keys(item).map((m) => `${m.toUpperCase()} ${path}`),
    ),
  );
  // The cat's pictures (the fallback illustrations and the redirect to today's) are images the HTTP transport
  // serves beside the operations, not operations: no JSON in or out, nothing for another transport to offer.
  const pictures = new Set([`GET ${CAT_PICTURES.fallback}/{file}`, `GET ${CAT_PICTURES.image}`]);
  const mounted = [...mountedRoutes()].filter((route) => / \/api\//.test(route) && !pictures.has(route));
  expect(new Set(mounted)).toEqual(documented);
  expect(documented.size).toBe(OPERATION_NAMES.length);
});

it("names each operation after its registry entry", async () => {
  const document = (await server.client().get<Document>("/api/openapi.json")).body;
  for (const name of OPERATION_NAMES) {
    const spec = operations[name];
    expect(document.paths[spec.path]?.[spec.method.toLowerCase()]?.operationId).toBe(name);
  }
});

it("renders the contract as a page to read at /api/docs", async () => {
  const res = await server.client().get("/api/docs");
  expect(res.status).toBe(200);
  expect(res.headers.get("content-type")).toMatch(/^text\/html/);
  expect(res.text).toContain("<code>PATCH /api/projects/{id}</code>");
});

type Responses = { paths: Record<string, Record<string, { responses: Record<string, unknown> }>> };

it("lists the refusals a client must expect: 401 and 429 on login, 403 and 429 on the Twitch callback, 401, 409 and 413 on sync push", async () => {
  const document = (await server.client().get<Responses>("/api/openapi.json")).body;
  const statuses = (path: string) => Object.keys(document.paths[path]?.post?.responses ?? {}).map(Number);
  expect(statuses("/api/login")).toEqual(expect.arrayContaining([401, 429]));
  for (const path of ["/api/signup", "/api/forgot-password", "/api/account/password"])
    expect(statuses(path), path).toContain(429);
  expect(statuses("/api/twitch-callback")).toEqual(expect.arrayContaining([403, 429]));
  expect(statuses("/api/sync/push")).toEqual(expect.arrayContaining([401, 409, 413]));
  expect(Object.keys(document.paths["/api/youtube-playlist"]?.get?.responses ?? {})).toContain("429");
});

it("describes every JSON answer with its result schema, never an empty one", async () => {
  const document = (await server.client().get<Responses>("/api/openapi.json")).body;
  const json = OPERATION_NAMES.filter((name) => {
    const spec: OperationSpec = operations[name];
    return spec.status !== 204 && spec.produces === undefined;
  });
  expect(json.length).toBeGreaterThan(20);
  for (const name of json) {
    const spec: OperationSpec = operations[name];
    const ok = document.paths[spec.path]?.[spec.method.toLowerCase()]?.responses[spec.status ?? 200] as {
      content: Record<string, { schema: Record<string, unknown> }>;
    };
    const schema = ok.content["application/json"]?.schema ?? {};
    expect(
      Object.keys(schema).filter((key) => ["type", "anyOf", "oneOf"].includes(key)),
      name,
    ).toHaveLength(1);
  }
});
