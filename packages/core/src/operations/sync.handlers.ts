/** Desktop sync operations: thin over core/sync. */
import { createDeviceToken, listDeviceTokens, revokeDeviceToken } from "../sync/device-tokens.ts";
import { pullChanges } from "../sync/pull.ts";
import { pushChanges } from "../sync/push.ts";
import type { Handlers } from "./context.ts";

type SyncHandlers = Pick<
  Handlers,
  "sync.tokens.create" | "sync.tokens.list" | "sync.tokens.revoke" | "sync.push" | "sync.pull"
>;

export const syncHandlers: SyncHandlers = {
  "sync.tokens.create": ({ core, actor }, input) => createDeviceToken(core, actor, input),
  "sync.tokens.list": ({ core, actor }) => listDeviceTokens(core, actor),
  "sync.tokens.revoke": ({ core, actor }, { id }) => revokeDeviceToken(core, actor, id),
  "sync.push": (ctx, input) => pushChanges(ctx, input),
  "sync.pull": ({ core }, input) => pullChanges(core, input),
};
