/**
 * Mounts every operation of the registry in one loop: the caller's actor from the session, the input from
 * path, query and body, `runOperation` (policy, schema, handler), the status and caching of the registry
 * entry, and, for a creating write sent with an Idempotency-Key, the stored answer on a retry (a 409 with
 * Retry-After when the first attempt still runs after the retry's wait). Per-operation HTTP extras (rate
 * limits, a faster or streamed answer, cache invalidation) come from `operation-hooks.ts`; no route holds a
 * rule.
 */
import {
  acceptsIdempotencyKey,
  OPERATION_NAMES,
  type OperationName,
  type OperationSpec,
  operations,
} from "@portfolio/core/domain";
import {
  assertAction,
  type CallerContext,
  KeyStillRunning,
  runOperation,
  withIdempotencyKey,
} from "@portfolio/core/operations";
import { type RequestHandler, Router } from "express";
import type { AppContext } from "../app-context.ts";
import type { OperationHooks } from "./operation-hooks.ts";
import {
  actorOf,
  clearLoginStepCookie,
  clearSessionCookie,
  LOGIN_STEP_COOKIE,
  readCookie,
  SESSION_COOKIE,
  setLoginStepCookie,
  setSessionCookie,
} from "./session-cookie.ts";

/** Seconds a client waits before resending a write whose first attempt is still running. */
const STILL_RUNNING_RETRY_AFTER_S = 1;

/** `/api/projects/{id}` → `/projects/:id` (the router is mounted at /api). */
export function expressPath(path: string): string {
  return path.replace(/^\/api/, "").replace(/\{(\w+)\}/g, ":$1");
}

function genericHandler(app: AppContext, name: OperationName, hooks: OperationHooks): RequestHandler {
  const spec: OperationSpec = operations[name];
  const { core, config } = app;
  return async (req, res) => {
    // Set first, so a refusal (401, 403, 4xx) is never cached either.
    res.set("Cache-Control", spec.cache ?? "no-store");
    const ctx: CallerContext = {
      core,
      actor: await actorOf(core, req),
      transport: {
        userAgent: req.get("user-agent") ?? "",
        sessionToken: readCookie(req, SESSION_COOKIE),
        startSession: (token) => setSessionCookie(req, res, token, config.publicUrl, core.config.sessionTtlMs),
        endSession: () => clearSessionCookie(req, res, config.publicUrl),
        loginStepToken: readCookie(req, LOGIN_STEP_COOKIE),
        startLoginStep: (token) => setLoginStepCookie(req, res, token, config.publicUrl),
        endLoginStep: () => clearLoginStepCookie(req, res, config.publicUrl),
      },
    };
    const parts = { params: req.params, query: req.query, body: req.body };
    const status = spec.status ?? 200;
    const key = req.get("idempotency-key");
    if (key !== undefined && acceptsIdempotencyKey(spec) && ctx.actor.kind === "user") {
      // Policy first: a stored answer is replayed only to a caller still allowed to make the call.
      assertAction(ctx.actor, name);
      const answer = await withIdempotencyKey(core, ctx.actor, name, key, parts, status, () =>
        runOperation(ctx, name, parts),
      ).catch((error: unknown) => {
        // The first attempt still runs after the wait's bound: tell clients when trying again makes sense.
        if (error instanceof KeyStillRunning) res.set("Retry-After", String(STILL_RUNNING_RETRY_AFTER_S));
        throw error;
      });
      if (answer.replayed) res.set("Idempotent-Replayed", "true");
      else hooks[name]?.after?.();
      res.status(answer.status).json(answer.body);
      return;
    }
    const result = await runOperation(ctx, name, parts);
    hooks[name]?.after?.();
    if (status === 204) res.status(204).end();
    else if (spec.produces === "text/html") res.status(status).type("html").send(result);
    else res.status(status).json(result);
  };
}

export function operationRouter(app: AppContext, hooks: OperationHooks): Router {
  const router = Router();
  for (const name of OPERATION_NAMES) {
    const spec: OperationSpec = operations[name];
    const hook = hooks[name];
    const method = spec.method.toLowerCase() as "get" | "post" | "patch" | "delete";
    router[method](expressPath(spec.path), ...(hook?.before ?? []), hook?.handler ?? genericHandler(app, name, hooks));
  }
  return router;
}
