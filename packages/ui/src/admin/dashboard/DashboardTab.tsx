/**
 * The Dashboard (its content is ours): projects by status, users by role and state, visitors (analytics:view),
 * 90 days of activity,
 * sign-ups waiting for activation, the Twitch connection, and the audit log below.
 */
import { useState } from "react";
import { useApi } from "../../auth/auth-context.tsx";
import { USER_MESSAGES } from "../admin-messages.ts";
import { failureFeedback, useNotify } from "../feedback.tsx";
import { Card, ErrorBlock, LoadingBlock } from "../States.tsx";
import { useLoad } from "../use-load.ts";
import { type Viewer, viewerCan } from "../user-actions.ts";
import type { RoleSet } from "../user-editor.ts";
import { AnalyticsCard } from "./AnalyticsCard.tsx";
import { AuditChainStatus } from "./AuditChainStatus.tsx";
import { AuditLog } from "./AuditLog.tsx";
import { DailyCharts } from "./DailyCharts.tsx";
import { type PendingSignup, PendingSignups } from "./PendingSignups.tsx";
import { StatCards } from "./StatCards.tsx";
import { TWITCH_NOT_CONNECTED_HINTS, TwitchStatusCard } from "./TwitchStatusCard.tsx";

export function DashboardTab({
  viewer,
  roles,
  onChanged,
}: {
  viewer: Viewer;
  roles: RoleSet;
  onChanged: () => Promise<void>;
}) {
  const api = useApi();
  const notify = useNotify();
  const canSeeUsers = viewerCan(viewer, "users.view");
  const stats = useLoad(() => api.call("dashboard.get", {}));
  const twitch = useLoad(() => api.call("twitch.status", {}));
  const [busyId, setBusyId] = useState<string | null>(null);

  // The pending list comes with the figures (the newest 10, with what each holds): no list of every user.
  const activate = async (user: PendingSignup) => {
    setBusyId(user._id);
    try {
      await api.call("users.update", { id: user._id, isActive: true });
      notify({ tone: "success", text: `User "${user.username}" activated.` });
    } catch (error) {
      notify(failureFeedback(USER_MESSAGES.activateFailed, error));
    } finally {
      setBusyId(null);
    }
    await Promise.all([stats.reload(), onChanged()]);
  };

  return (
    <div className="space-y-6">
      <h2 className="sr-only">Dashboard</h2>
      {stats.error && !stats.data ? <ErrorBlock error={stats.error} what="the figures" onRetry={stats.reload} /> : null}
      {!stats.data && !stats.error ? <LoadingBlock label="Loading the figures…" /> : null}
      {stats.data ? <StatCards stats={stats.data} roles={roles} /> : null}
      {viewerCan(viewer, "analytics.view") ? <AnalyticsCard /> : null}
      {canSeeUsers ? <DailyCharts stats={stats} /> : null}
      <div className={canSeeUsers ? "grid gap-4 lg:grid-cols-2" : "grid gap-4"}>
        {stats.data?.users ? (
          <Card
            title="Waiting for activation"
            description="The latest sign-ups that have not activated their account."
            headingLevel={3}
            testId="pending-card"
          >
            <PendingSignups
              pending={stats.data.users.pendingActivations}
              viewer={viewer}
              busyId={busyId}
              onActivate={activate}
            />
          </Card>
        ) : null}
        <Card title="Twitch" description="The stream connection used by the widgets." headingLevel={3}>
          <TwitchStatusCard
            status={twitch}
            notConnectedHint={
              viewerCan(viewer, "twitch.connect") ? TWITCH_NOT_CONNECTED_HINTS.owner : TWITCH_NOT_CONNECTED_HINTS.others
            }
          />
        </Card>
      </div>
      {canSeeUsers ? (
        <Card title="Audit log" description="Every admin action: who, what, when, and what changed." headingLevel={3}>
          <AuditChainStatus />
          <AuditLog />
        </Card>
      ) : null}
    </div>
  );
}
