/**
 * A user's devices, opened from their row in the Users table (docs/security.md, promise 26): the desktop apps connected to the
 * account, each revocable, and on the website its browser sessions, each endable. Shown in the page rather
 * than in a dialog, so revoking can ask in the usual confirmation dialog (dialogs do not stack). A lost phone's
 * second factors are removed here too (UserSecondFactors).
 */
import type { AdminUser } from "@portfolio/core/domain";
import { useEffect, useRef } from "react";
import { useApi } from "../../auth/auth-context.tsx";
import { Button } from "../../components/Button.tsx";
import { userDeviceTokens } from "../device-tokens.ts";
import { Card } from "../States.tsx";
import { DeviceTokensList } from "../settings/DeviceTokensList.tsx";
import { SessionsList } from "../settings/SessionsList.tsx";
import { useLoad } from "../use-load.ts";
import type { Viewer } from "../user-actions.ts";
import { UserSecondFactors } from "./UserSecondFactors.tsx";

export function UserDevicesPanel({
  user,
  viewer,
  onClose,
  onLoggedOut,
}: {
  user: AdminUser;
  viewer: Viewer;
  onClose: () => void;
  /** Ending your own current session from your own row logs you out. */
  onLoggedOut: () => Promise<void>;
}) {
  const api = useApi();
  const panel = useRef<HTMLDivElement>(null);
  const opener = useRef<HTMLElement | null>(null);

  // Opening moves focus here, so keyboard and screen-reader users land on it (the tab keys the panel by user,
  // so another user's Devices opens it anew); Close gives focus back to the row's button.
  useEffect(() => {
    if (document.activeElement instanceof HTMLElement) opener.current = document.activeElement;
    panel.current?.focus();
  }, []);

  const close = () => {
    const back = opener.current;
    onClose();
    back?.focus();
  };

  return (
    <div ref={panel} tabIndex={-1} className="outline-none">
      <Card
        title={`Devices of "${user.username}"`}
        description="Desktop apps and browsers signed in to this account, and its second factors. Revoking or ending one signs it out."
        testId="user-devices"
        actions={
          <Button size="sm" variant="secondary" onClick={close}>
            Close
          </Button>
        }
      >
        <h3 className="mb-1 text-sm font-semibold text-slate-900 dark:text-white">Desktop apps</h3>
        <DeviceTokensList source={userDeviceTokens(api, user)} />
        {/* Browser sessions are managed on the website only: the desktop app's token cannot list them. */}
        {api.credential === "session" ? <UserSessions user={user} onLoggedOut={onLoggedOut} /> : null}
        {/* A lost phone is a lost device: its second factors are removed here. */}
        <UserSecondFactors user={user} viewer={viewer} />
      </Card>
    </div>
  );
}

function UserSessions({ user, onLoggedOut }: { user: AdminUser; onLoggedOut: () => Promise<void> }) {
  const api = useApi();
  const sessions = useLoad(() => api.call("users.sessions.list", { id: user._id }).then((answer) => answer.sessions));
  return (
    <div className="mt-5" data-testid="user-sessions">
      <h3 className="mb-1 text-sm font-semibold text-slate-900 dark:text-white">Browser sessions</h3>
      {sessions.data?.length === 0 ? (
        <p className="text-sm text-slate-600 dark:text-slate-400">{`"${user.username}" is not logged in anywhere.`}</p>
      ) : (
        <SessionsList
          sessions={sessions}
          onEndedCurrent={onLoggedOut}
          endSession={(sessionId) => api.call("users.sessions.end", { id: user._id, sessionId })}
          what={`the sessions of "${user.username}"`}
        />
      )}
    </div>
  );
}
