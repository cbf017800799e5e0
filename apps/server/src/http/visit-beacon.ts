/**
 * POST /api/visits (docs/design.md section 10), the full path (the plain call takes visit-fast-path.ts): the beacon is answered 204 at once, before its caller is known
 * or anything is counted, so a page never waits on the database; the operation then runs as any other
 * (the registry's schema and the core's rules, with the caller's session to leave staff out), and only adds
 * to the instance's in-memory counter. No cookie is set or refreshed. Bad input is still a 400.
 */
import { operations, parseOperationInput } from "@portfolio/core/domain";
import { runOperation } from "@portfolio/core/operations";
import type { RequestHandler } from "express";
import type { AppContext } from "../app-context.ts";
import { actorOf } from "./session-cookie.ts";
import { optedOut } from "./visit-fast-path.ts";

export function visitBeaconHandler({ core, log }: AppContext): RequestHandler {
  const spec = operations["visits.record"];
  return (req, res) => {
    const parts = { params: {}, query: {}, body: req.body };
    // Throws the registry's 400 before anything is answered.
    parseOperationInput(spec, parts);
    res.set("Cache-Control", "no-store").status(204).end();
    const work = actorOf(core, req).then((actor) =>
      runOperation(
        {
          core,
          actor,
          transport: {
            userAgent: req.get("user-agent") ?? "",
            visitor: { address: req.ip ?? "", optedOut: optedOut(req) },
          },
        },
        "visits.record",
        parts,
      ),
    );
    core.inFlight.track(work).catch((error: unknown) => log(`A visit beacon failed: ${String(error)}`));
  };
}
