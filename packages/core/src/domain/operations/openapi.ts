/**
 * The published contract (DESIGN 3): an OpenAPI 3.1 document generated from the registry, with zod's JSON
 * Schema output for inputs, the one error shape, the statuses each call can answer, the session cookie and
 * the desktop's device token.
 */
import { z } from "zod";
import { ACTIONS } from "../policy/actions.ts";
import { type OperationSpec, pathParamNames } from "./define.ts";
import { OPERATION_NAMES, operations } from "./registry.ts";

type Json = Record<string, unknown>;

const ERROR = { $ref: "#/components/schemas/Error" };
const ERROR_TEXT: Record<number, string> = {
  400: "Invalid input: the message names the field.",
  401: "Not logged in.",
  403: "Not allowed.",
  404: "Unknown id.",
  409: "Conflict (a stale version answers the current row).",
  413: "The request body is too large.",
  429: "Rate limited.",
  503: "An upstream service is unavailable.",
};

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
  return [...path, ...query];
}

function responses(spec: OperationSpec): Json {
  const status = spec.status ?? 200;
  const media = spec.produces ?? "application/json";
  const schema = media === "text/html" ? { type: "string" } : jsonSchema(spec.result, "output");
  const ok: Json =
    status === 204
      ? { description: "Done; no content." }
      : { description: spec.summary, content: { [media]: { schema } } };
  const errors = new Set<number>([400, 413]);
  if (spec.action !== "public") errors.add(401);
  if (ACTIONS[spec.action].length > 0) errors.add(403);
  if (spec.path.includes("{")) errors.add(404);
  if (spec.method === "PATCH") errors.add(409);
  const out: Json = { [status]: ok };
  for (const code of [...errors].sort())
    out[code] = { description: ERROR_TEXT[code], content: { "application/json": { schema: ERROR } } };
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
    tags: [name.split(".")[0]],
    "x-policy-action": spec.action,
    parameters: parameters(spec),
    responses: responses(spec),
    security,
  };
  if (spec.body)
    operation.requestBody = {
      required: true,
      content: { "application/json": { schema: jsonSchema(spec.body, "input") } },
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
