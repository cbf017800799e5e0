/** Your account: change your password, see and end your active sessions, and revoke your device tokens. */
import { useApi } from "../../auth/auth-context.tsx";
import { ownDeviceTokens } from "../device-tokens.ts";
import { Card } from "../States.tsx";
import { useLoad } from "../use-load.ts";
import { ChangePasswordForm } from "./ChangePasswordForm.tsx";
import { DeviceTokensList } from "./DeviceTokensList.tsx";
import { SessionsList } from "./SessionsList.tsx";

export function AccountSection({ onLoggedOut }: { onLoggedOut: () => Promise<void> }) {
  const api = useApi();
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      {api.credential === "session" ? (
        <BrowserAccount onLoggedOut={onLoggedOut} />
      ) : (
        <Card title="Password and sessions" headingLevel={3}>
          <p className="text-sm">
            Your password and your browser sessions are managed on the website: log in there to change them.
          </p>
        </Card>
      )}
      <Card
        title="Device tokens"
        description="Desktop apps connected to your account. Revoke any you do not recognise."
        testId="device-tokens"
        headingLevel={3}
      >
        <DeviceTokensList source={ownDeviceTokens(api)} />
      </Card>
    </div>
  );
}

/** The password and browser sessions: only a browser session may change or list them (SECURITY 12). */
function BrowserAccount({ onLoggedOut }: { onLoggedOut: () => Promise<void> }) {
  const api = useApi();
  const sessions = useLoad(() => api.getSessions());
  return (
    <>
      <Card title="Password" description="Changing it logs out your other sessions." headingLevel={3}>
        <ChangePasswordForm onChanged={sessions.reload} />
      </Card>
      <Card
        title="Active sessions"
        description="Where you are logged in. End any session you do not recognise."
        testId="sessions"
        headingLevel={3}
      >
        <SessionsList sessions={sessions} onEndedCurrent={onLoggedOut} endOthers={() => api.endOtherSessions()} />
      </Card>
    </>
  );
}
