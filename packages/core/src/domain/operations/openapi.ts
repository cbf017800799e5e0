/**
 * The published contract (docs/design.md §3): an OpenAPI 3.1 document generated from the registry, with zod's JSON
 * Schema output for inputs and answers (the result schemas of results.ts), the one error shape, every status
 * each call can answer, the session cookie and the desktop's device token.
 */
import { z } from "zod";
import { ACTIONS } from "../policy/actions.ts";
import { acceptsIdempotencyKey, type OperationSpec, pathParamNames } from "./define.ts";
import { OPERATION_NAMES, operations } from "./registry.ts";

type Json = Record<string, unknown>;

const ERROR = { $ref: "#/components/schemas/Error" };
const STATUS_TEXT: Record<number, string> = {
  304: "Not modified: the answer still matches the ETag sent in If-None-Match.",
  400: "Invalid input: the message names the field.",
  401: "Not logged in, or the credentials are wrong.",
  403: "Not allowed: a permission is missing, the call came from another site, or it needs a browser session.",
  404: "Unknown id.",
  409: "Conflict (a stale version answers the current row; an Idempotency-Key used for another request, or still running).",
  413: "The request body is too large.",
  415: "A body or file of a type the call refuses.",
  429: "Rate limited.",
  503: "An upstream service is unavailable.",
};

/**
 * Every status an operation can answer besides its success: those that follow from its kind, and those it
 * declares (`statuses`). Over HTTP every call can meet a malformed body or query (400) and the body limit
 * (413); a guarded one meets the policy (401, and 403 where it needs a permission); a write meets the origin
 * check (403); a browser-only call refuses a device token (403); an id in the path can be unknown (404); an
 * Idempotency-Key can be reused for another request (409).
 */
export function answeredStatuses(spec: OperationSpec): number[] {
  const statuses = new Set<number>([400, 413, ...(spec.statuses ?? [])]);
  if (spec.action !== "public") statuses.add(401);
  const sessionOnly = spec.credentials !== undefined && !spec.credentials.includes("device");
  if (ACTIONS[spec.action].length > 0 || spec.method !== "GET" || sessionOnly) statuses.add(403);
  if (spec.path.includes("{")) statuses.add(404);
  if (acceptsIdempotencyKey(spec)) statuses.add(409);
  return [...statuses].sort((a, b) => a - b);
}

function jsonSchema(schema: z.ZodType, io: "input" | "output"): Json {
  const { $schema: _ignored, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: "any" }) as Json;
  return rest;
}

function parameters(spec: OperationSpec): Json[] {
  const path = pathParamNames(spec.path).map((name) => ({
    name,
    in: "path",
    required: true,
    schema: { type: "string" },
  }));
  const queryShape = spec.query ? (jsonSchema(spec.query, "input").properties as Json | undefined) : undefined;
  const query = Object.entries(queryShape ?? {}).map(([name, schema]) => ({
    name,
    in: "query",
    required: false,
    schema,
  }));
  const header = acceptsIdempotencyKey(spec)
    ? [
        {
          name: "Idempotency-Key",
          in: "header",
          required: false,
          description:
            "A fresh value per request (e.g. a UUID), the same on its retry: a retry answers the first answer again (with Idempotent-Replayed: true) instead of creating twice. Kept a day.",
          schema: { type: "string", minLength: 1, maxLength: 255 },
        },
      ]
    : [];
  return [...path, ...query, ...header];
}

function responses(spec: OperationSpec): Json {
  const status = spec.status ?? 200;
  const media = spec.produces ?? "application/json";
  const ok: Json =
    status === 204
      ? { description: "Done; no content." }
      : { description: spec.summary, content: { [media]: { schema: jsonSchema(spec.result, "output") } } };
  const out: Json = { [status]: ok };
  for (const code of answeredStatuses(spec))
    out[code] =
      code === 304
        ? { description: STATUS_TEXT[code] }
        : { description: STATUS_TEXT[code], content: { "application/json": { schema: ERROR } } };
  return out;
}

function operationObject(name: string, spec: OperationSpec): Json {
  const credentials = spec.credentials ?? ["session", "device"];
  const security =
    spec.action === "public"
      ? []
      : credentials.map((credential) => (credential === "session" ? { sessionCookie: [] } : { deviceToken: [] }));
  const operation: Json = {
    operationId: name,
    summary: spec.summary,
    ...(spec.description ? { description: spec.description } : {}),
    tags: [name.split(".")[0]],
    "x-policy-action": spec.action,
    parameters: parameters(spec),
    responses: responses(spec),
    security,
  };
  if (spec.body)
    operation.requestBody = {
      required: true,
      content: { [spec.consumes ?? "application/json"]: { schema: jsonSchema(spec.body, "input") } },
    };
  return operation;
}

export function openApiDocument(serverUrl = "/"): Json {
  const paths: Record<string, Json> = {};
  for (const name of OPERATION_NAMES) {
    const spec: OperationSpec = operations[name];
    const item = paths[spec.path] ?? {};
    item[spec.method.toLowerCase()] = operationObject(name, spec);
    paths[spec.path] = item;
  }
  return {
    openapi: "3.1.0",
    info: {
      title: "Portfolio platform API",
      version: "1.0.0",
      description:
        "Every call of the portfolio platform, generated from its operation registry. Errors are always " +
        '`{"error": "<human message>"}`. State-changing calls need a same-origin Origin (or one in CORS_ORIGINS).',
    },
    servers: [{ url: serverUrl }],
    paths,
    components: {
      schemas: {
        Error: { type: "object", properties: { error: { type: "string" } }, required: ["error"] },
      },
      securitySchemes: {
        sessionCookie: { type: "apiKey", in: "cookie", name: "session", description: "Set by POST /api/login." },
        deviceToken: {
          type: "http",
          scheme: "bearer",
          description: "A desktop device token (scope sync), created with POST /api/sync/tokens.",
        },
      },
    },
  };
}
