/** A user's devices (desktop app tokens, browser sessions) in the admin panel: thin over the user-devices service. */
import {
  endUserSession,
  listUserDeviceTokens,
  listUserSessions,
  revokeUserDeviceToken,
} from "../services/user-devices.service.ts";
import type { Handlers } from "./context.ts";

export const userDeviceHandlers = {
  "users.deviceTokens.list": ({ core, actor }, { id }) => listUserDeviceTokens(core, actor, id),
  "users.deviceTokens.revoke": ({ core, actor }, { id, tokenId }) => revokeUserDeviceToken(core, actor, id, tokenId),
  "users.sessions.list": ({ core, actor }, { id }) => listUserSessions(core, actor, id),
  "users.sessions.end": ({ core, actor }, { id, sessionId }) => endUserSession(core, actor, id, sessionId),
} satisfies Partial<Handlers>;
