/** Second factors: thin over core/services/second-factor. */
import { Unavailable } from "../domain/errors.ts";
import { recordAudit } from "../services/audit.service.ts";
import { requireUser } from "../services/policy.ts";
import {
  addPasskey,
  confirmTotp,
  listPasskeys,
  passkeyRegistrationOptions,
  removePasskey,
  removeTotp,
  removeUserSecondFactors,
  renewRecoveryCodes,
  securityStatus,
  startTotp,
} from "../services/second-factor/enrolment.service.ts";
import {
  countStaffWithoutSecondFactor,
  REQUIRE_STAFF_SETTING,
  staffRequirementOn,
} from "../services/second-factor/factors.ts";
import {
  completeSecondFactor,
  passkeyLogin,
  passkeyLoginOptions,
  type SessionStart,
  type StepClient,
  secondFactorPasskeyOptions,
} from "../services/second-factor/login.service.ts";
import { setSetting } from "../services/settings.service.ts";
import type { Handlers, TransportContext } from "./context.ts";

function stepClient(transport: TransportContext): StepClient {
  return {
    userAgent: transport.userAgent ?? "",
    stepToken: transport.loginStepToken,
    previousSessionToken: transport.sessionToken,
  };
}

/** A session proved: the login-step cookie goes, the session cookie comes. */
function signIn(transport: TransportContext, { user, sessionToken }: SessionStart) {
  transport.endLoginStep?.();
  transport.startSession?.(sessionToken);
  return user;
}

function needsBrowser(transport: TransportContext) {
  if (!transport.startSession) throw new Unavailable("Logging in needs a browser session.");
}

export const secondFactorHandlers = {
  "account.security": ({ core, actor }) => securityStatus(core, actor),
  "account.totp.start": ({ core, actor }, input) => startTotp(core, actor, input),
  "account.totp.confirm": ({ core, actor }, input) => confirmTotp(core, actor, input),
  "account.totp.remove": ({ core, actor }, input) => removeTotp(core, actor, input),
  "account.recoveryCodes.renew": ({ core, actor }, input) => renewRecoveryCodes(core, actor, input),
  "account.passkeys.options": ({ core, actor }, input) => passkeyRegistrationOptions(core, actor, input),
  "account.passkeys.create": ({ core, actor }, input) => addPasskey(core, actor, input),
  "account.passkeys.list": ({ core, actor }) => listPasskeys(core, actor),
  "account.passkeys.delete": ({ core, actor }, { id, ...body }) => removePasskey(core, actor, id, body),
  "auth.secondFactor": async ({ core, transport }, input) => {
    needsBrowser(transport);
    return signIn(transport, await completeSecondFactor(core, input, stepClient(transport)));
  },
  "auth.secondFactor.passkeyOptions": ({ core, transport }) => secondFactorPasskeyOptions(core, stepClient(transport)),
  "auth.passkey.options": async ({ core, transport }) => {
    needsBrowser(transport);
    const { options, token } = await passkeyLoginOptions(core);
    transport.startLoginStep?.(token);
    return options;
  },
  "auth.passkey": async ({ core, transport }, input) => {
    needsBrowser(transport);
    return signIn(transport, await passkeyLogin(core, input, stepClient(transport)));
  },
  "settings.security.get": async ({ core }) => ({
    requireSecondFactorForStaff: await staffRequirementOn(core.db),
    staffWithoutSecondFactor: await countStaffWithoutSecondFactor(core.db),
  }),
  "settings.security.update": async ({ core, actor }, { requireSecondFactorForStaff }) => {
    const owner = requireUser(actor);
    const trx = core.db;
    await setSetting(trx, REQUIRE_STAFF_SETTING, requireSecondFactorForStaff);
    await recordAudit(core, trx, owner, {
      action: "settings.security",
      targetType: "settings",
      details: { requireSecondFactorForStaff },
    });
    return { requireSecondFactorForStaff, staffWithoutSecondFactor: await countStaffWithoutSecondFactor(core.db) };
  },
  "users.secondFactors.remove": ({ core, actor }, { id }) => removeUserSecondFactors(core, actor, id),
} satisfies Partial<Handlers>;
