/** Every operation's handler, by name; `satisfies Handlers` makes a missing one a compile error (each file
 * declares its own with `satisfies Partial<Handlers>`, which types them and refuses a name the registry lacks). */
import { adminHandlers } from "./admin.handlers.ts";
import { authHandlers } from "./auth.handlers.ts";
import type { Handlers } from "./context.ts";
import { historyHandlers } from "./history.handlers.ts";
import { metaHandlers } from "./meta.handlers.ts";
import { pictureHandlers } from "./pictures.handlers.ts";
import { projectHandlers } from "./projects.handlers.ts";
import { secondFactorHandlers } from "./second-factor.handlers.ts";
import { syncHandlers } from "./sync.handlers.ts";
import { toolHandlers } from "./tools.handlers.ts";
import { userDeviceHandlers } from "./user-devices.handlers.ts";
import { visitHandlers } from "./visits.handlers.ts";

export const handlers = {
  ...metaHandlers,
  ...authHandlers,
  ...projectHandlers,
  ...pictureHandlers,
  ...adminHandlers,
  ...userDeviceHandlers,
  ...toolHandlers,
  ...syncHandlers,
  ...secondFactorHandlers,
  ...historyHandlers,
  ...visitHandlers,
} satisfies Handlers;
