/** Desktop sync operations: thin over core/sync. */
import { createDeviceToken, listDeviceTokens, revokeDeviceToken } from "../sync/device-tokens.ts";
import { pullChanges } from "../sync/pull.ts";
import { pushChanges } from "../sync/push.ts";
import type { Handlers } from "./context.ts";

export const syncHandlers = {
  "sync.tokens.create": ({ core, actor }, input) => createDeviceToken(core, actor, input),
  "sync.tokens.list": ({ core, actor }) => listDeviceTokens(core, actor),
  "sync.tokens.revoke": ({ core, actor }, { id }) => revokeDeviceToken(core, actor, id),
  "sync.push": (ctx, input) => pushChanges(ctx, input),
  "sync.pull": ({ core }, input) => pullChanges(core, input),
} satisfies Partial<Handlers>;
