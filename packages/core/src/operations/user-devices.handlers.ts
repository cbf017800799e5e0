/** A user's device tokens in the admin panel: thin over the user-devices service. */
import { listUserDeviceTokens, revokeUserDeviceToken } from "../services/user-devices.service.ts";
import type { Handlers } from "./context.ts";

type UserDeviceHandlers = Pick<Handlers, "users.deviceTokens.list" | "users.deviceTokens.revoke">;

export const userDeviceHandlers: UserDeviceHandlers = {
  "users.deviceTokens.list": ({ core, actor }, { id }) => listUserDeviceTokens(core, actor, id),
  "users.deviceTokens.revoke": ({ core, actor }, { id, tokenId }) => revokeUserDeviceToken(core, actor, id, tokenId),
};
