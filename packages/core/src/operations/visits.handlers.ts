/** Visitor counting: the beacon, the Dashboard's figures and the owner's switch (docs/design.md section 10). */

import { recordAudit } from "../services/audit.service.ts";
import { can, requireUser } from "../services/policy.ts";
import { setSetting } from "../services/settings.service.ts";
import { analytics, analyticsSettings } from "../services/visits/analytics.service.ts";
import { COUNT_VISITORS_SETTING } from "../services/visits/visit-counter.ts";
import type { Handlers } from "./context.ts";

export const visitHandlers = {
  "visits.record": async ({ core, actor, transport }, visit) => {
    // A process without a counter (the desktop app) or a caller without an address counts nothing.
    const counter = core.tools?.visits;
    if (!counter || !transport.visitor) return;
    counter.record(visit, {
      address: transport.visitor.address,
      optedOut: transport.visitor.optedOut,
      userAgent: transport.userAgent ?? "",
      // Staff looking at their own site are not visitors.
      staff: can(actor, "admin.view"),
    });
  },
  "analytics.get": ({ core, actor }, { from, to }) => analytics(core, actor, from, to),
  "analytics.settings.get": ({ core, actor }) => analyticsSettings(core, actor),
  "analytics.settings.update": async ({ core, actor }, { countVisitors }) => {
    const owner = requireUser(actor);
    const counter = core.tools?.visits;
    if (counter) await counter.setCounting(core.db, countVisitors);
    else await setSetting(core.db, COUNT_VISITORS_SETTING, countVisitors);
    await recordAudit(core, core.db, owner, {
      action: "settings.analytics",
      targetType: "settings",
      details: { countVisitors },
    });
    return { countVisitors };
  },
} satisfies Partial<Handlers>;
