/** The admin panel's operations: thin over the users, roles, dashboard and audit services. */
import { lastAuditCheck, listAuditLog, verifyAuditLog } from "../services/audit-log.service.ts";
import { dashboardStats } from "../services/dashboard.service.ts";
import { listRoles, updateRolePermissions } from "../services/roles.service.ts";
import { requestEmailChange } from "../services/user-email.service.ts";
import { inviteUser, resendInvitation } from "../services/user-invite.service.ts";
import { deleteUser, listUsers, requestUserPasswordReset, updateUser } from "../services/users.service.ts";
import type { Handlers } from "./context.ts";

export const adminHandlers = {
  "roles.list": ({ core, actor }) => listRoles(core, actor),
  "roles.update": ({ core, actor }, { roleKey, ...body }) => updateRolePermissions(core, actor, roleKey, body),
  "users.list": ({ core, actor }, query) => listUsers(core, actor, query),
  "users.update": ({ core, actor }, { id, ...body }) => updateUser(core, actor, id, body),
  "users.delete": ({ core, actor }, { id }) => deleteUser(core, actor, id),
  "users.resetPassword": ({ core, actor }, { id }) => requestUserPasswordReset(core, actor, id),
  "users.invite": ({ core, actor }, input) => inviteUser(core, actor, input),
  "users.invitation.resend": ({ core, actor }, { id }) => resendInvitation(core, actor, id),
  "users.email.change": ({ core, actor }, { id, ...body }) => requestEmailChange(core, actor, id, body),
  "dashboard.get": ({ core, actor }) => dashboardStats(core, actor),
  "audit.list": ({ core, actor }, query) => listAuditLog(core, actor, query),
  "audit.verify": ({ core, actor }, query) => verifyAuditLog(core, actor, query),
  "audit.lastCheck": ({ core, actor }) => lastAuditCheck(core, actor),
} satisfies Partial<Handlers>;
