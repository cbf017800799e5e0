/**
 * Static migration list: a folder scan does not survive bundling (server bundle, Electron main), so each
 * migration is imported by name. Names are date-stamped and sort in the order they run.
 */
import type { Migration, MigrationProvider } from "kysely";
import * as initial from "./2026-11-21-001-initial.ts";
import * as twitch from "./2026-11-21-002-twitch.ts";
import * as roleMembership from "./2026-11-23-003-role-membership.ts";
import * as sync from "./2026-11-23-004-sync.ts";
import * as rateLimits from "./2026-11-23-005-rate-limits.ts";
import * as twitchState from "./2026-11-23-006-twitch-state.ts";
import * as activatedAt from "./2026-11-23-007-activated-at.ts";
import * as syncRetention from "./2026-11-24-008-sync-retention.ts";
import * as deactivatedAt from "./2026-11-25-009-deactivated-at.ts";
import * as pendingEmailInvited from "./2026-11-26-010-pending-email-invited.ts";
import * as idempotencyKeys from "./2026-11-26-011-idempotency-keys.ts";
import * as scale from "./2026-11-26-012-scale.ts";
import * as secondFactor from "./2026-11-26-020-second-factor.ts";
import * as auditChain from "./2026-11-26-030-audit-chain.ts";
import * as historyTrash from "./2026-11-26-031-history-trash.ts";
import * as projectOrder from "./2026-11-26-130-project-order.ts";
import * as versions from "./2026-11-26-150-versions.ts";
import * as auditHeadTrigger from "./2026-11-26-160-audit-head-trigger.ts";
import * as previousEmail from "./2026-11-27-230-previous-email.ts";
import * as projectPictures from "./2026-11-27-300-project-pictures.ts";
import * as visits from "./2026-11-27-400-visits.ts";
import * as mediaSourceHash from "./2026-11-28-100-media-source-hash.ts";

export const MIGRATIONS: Record<string, Migration> = {
  "2026-11-21-001-initial": initial,
  "2026-11-21-002-twitch": twitch,
  "2026-11-23-003-role-membership": roleMembership,
  "2026-11-23-004-sync": sync,
  "2026-11-23-005-rate-limits": rateLimits,
  "2026-11-23-006-twitch-state": twitchState,
  "2026-11-23-007-activated-at": activatedAt,
  "2026-11-24-008-sync-retention": syncRetention,
  "2026-11-25-009-deactivated-at": deactivatedAt,
  "2026-11-26-010-pending-email-invited": pendingEmailInvited,
  "2026-11-26-011-idempotency-keys": idempotencyKeys,
  "2026-11-26-012-scale": scale,
  "2026-11-26-020-second-factor": secondFactor,
  "2026-11-26-030-audit-chain": auditChain,
  "2026-11-26-031-history-trash": historyTrash,
  "2026-11-26-130-project-order": projectOrder,
  "2026-11-26-150-versions": versions,
  "2026-11-26-160-audit-head-trigger": auditHeadTrigger,
  "2026-11-27-230-previous-email": previousEmail,
  "2026-11-27-300-project-pictures": projectPictures,
  "2026-11-27-400-visits": visits,
  "2026-11-28-100-media-source-hash": mediaSourceHash,
};

export const migrationProvider: MigrationProvider = {
  getMigrations: async () => MIGRATIONS,
};
