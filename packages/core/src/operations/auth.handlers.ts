/** Session and account operations: thin over core/services/auth, account and sessions. */
import { Unavailable } from "../domain/errors.ts";
import { changeOwnPassword } from "../services/account.service.ts";
import {
  activateAccount,
  checkResetToken,
  forgotPassword,
  login,
  resetPassword,
  signup,
} from "../services/auth.service.ts";
import { requireUser } from "../services/policy.ts";
import {
  deleteSessionByToken,
  endOtherOwnSessions,
  endOwnSession,
  listOwnSessions,
} from "../services/sessions.service.ts";
import { checkEmailChangeToken, confirmEmailChange } from "../services/user-email.service.ts";
import { acceptInvitation, checkInvitation } from "../services/user-invite.service.ts";
import type { Handlers } from "./context.ts";
import { HELLO, publicReadHandlers } from "./public-reads.ts";

export { HELLO };

export const authHandlers = {
  hello: publicReadHandlers.hello,
  "auth.me": async ({ actor }) => {
    const user = requireUser(actor);
    return {
      _id: user.id,
      username: user.username,
      permissions: user.permissions,
      secondFactorRequired: user.secondFactorMissing === true,
    };
  },
  "auth.login": async ({ core, transport }, input) => {
    if (!transport.startSession) throw new Unavailable("Logging in needs a browser session.");
    const result = await login(core, input, {
      userAgent: transport.userAgent ?? "",
      previousSessionToken: transport.sessionToken,
    });
    if ("secondFactor" in result) {
      // Only the short login-step cookie: no session until the second factor is proved.
      transport.startLoginStep?.(result.stepToken);
      return { secondFactor: result.secondFactor };
    }
    transport.startSession(result.sessionToken);
    return result.user;
  },
  "auth.logout": async ({ core, transport }) => {
    if (transport.sessionToken) await deleteSessionByToken(core.db, transport.sessionToken);
    transport.endSession?.();
  },
  "auth.signup": ({ core }, input) => signup(core, input),
  "auth.activate": ({ core }, input) => activateAccount(core, input),
  "auth.forgotPassword": ({ core }, input) => forgotPassword(core, input),
  "auth.resetPassword": ({ core }, input) => resetPassword(core, input),
  "auth.resetToken.check": ({ core }, input) => checkResetToken(core, input),
  "auth.emailChange.check": ({ core }, input) => checkEmailChangeToken(core, input),
  "auth.emailChange.confirm": ({ core }, input) => confirmEmailChange(core, input),
  "auth.invitation.check": ({ core }, input) => checkInvitation(core, input),
  "auth.invitation.accept": ({ core }, input) => acceptInvitation(core, input),
  "account.changePassword": ({ core, actor }, input) => changeOwnPassword(core, actor, input),
  "sessions.list": async ({ core, actor }) => ({ sessions: await listOwnSessions(core, requireUser(actor)) }),
  "sessions.end": ({ core, actor }, { id }) => endOwnSession(core, requireUser(actor), id),
  "sessions.endOthers": ({ core, actor }) => endOtherOwnSessions(core, requireUser(actor)),
} satisfies Partial<Handlers>;
