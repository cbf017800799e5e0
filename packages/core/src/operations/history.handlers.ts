/** History and restore of the site profile and the roles: thin over the services. */
import { restoreRoleVersion, roleHistory } from "../services/roles.service.ts";
import { restoreSiteProfile, siteProfileHistory } from "../services/site-profile-history.service.ts";
import type { Handlers } from "./context.ts";

export const historyHandlers = {
  "profile.history": ({ core, actor }, query) => siteProfileHistory(core, actor, query),
  "profile.restore": ({ core, actor }, input) => restoreSiteProfile(core, actor, input),
  "roles.history": ({ core, actor }, { roleKey, ...query }) => roleHistory(core, actor, roleKey, query),
  "roles.restore": ({ core, actor }, { roleKey, ...body }) => restoreRoleVersion(core, actor, roleKey, body),
} satisfies Partial<Handlers>;
