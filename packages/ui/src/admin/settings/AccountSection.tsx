/**
 * Your account: the password (Account section), and your active sessions and device tokens (Sessions and
 * devices). Only a browser session may change the password or list the browser sessions (docs/security.md, promise 12): in
 * the desktop app both say they are managed on the website. The site's /account page shows the same pieces.
 */
import { useApi } from "../../auth/auth-context.tsx";
import { ownDeviceTokens } from "../device-tokens.ts";
import { Card } from "../States.tsx";
import { useLoad } from "../use-load.ts";
import { ChangePasswordForm } from "./ChangePasswordForm.tsx";
import { DeviceTokensList } from "./DeviceTokensList.tsx";
import { SessionsList } from "./SessionsList.tsx";

export const MANAGED_ON_WEBSITE =
  "Your password and your browser sessions are managed on the website: log in there to change them.";

const nothing = async () => undefined;

export function PasswordCard({ onChanged = nothing }: { onChanged?: () => Promise<void> }) {
  const api = useApi();
  if (api.credential !== "session") return <ManagedOnWebsite />;
  return (
    <Card title="Password" description="Changing it logs out your other sessions." testId="password" headingLevel={3}>
      <ChangePasswordForm onChanged={onChanged} />
    </Card>
  );
}

export function SessionsCard({ onLoggedOut }: { onLoggedOut: () => Promise<void> }) {
  const api = useApi();
  if (api.credential !== "session") return <ManagedOnWebsite />;
  return <BrowserSessions onLoggedOut={onLoggedOut} />;
}

function BrowserSessions({ onLoggedOut }: { onLoggedOut: () => Promise<void> }) {
  const api = useApi();
  const sessions = useLoad(() => api.call("sessions.list", {}).then((answer) => answer.sessions));
  return (
    <Card
      title="Active sessions"
      description="Where you are logged in. End any session you do not recognise."
      testId="sessions"
      headingLevel={3}
    >
      <SessionsList
        sessions={sessions}
        onEndedCurrent={onLoggedOut}
        endOthers={() => api.call("sessions.endOthers", {})}
      />
    </Card>
  );
}

export function DeviceTokensCard() {
  const api = useApi();
  return (
    <Card
      title="Device tokens"
      description="Desktop apps connected to your account. Revoke any you do not recognise."
      testId="device-tokens"
      headingLevel={3}
    >
      <DeviceTokensList source={ownDeviceTokens(api)} />
    </Card>
  );
}

function ManagedOnWebsite() {
  return (
    <Card title="Password and sessions" headingLevel={3} testId="managed-on-website">
      <p className="text-sm">{MANAGED_ON_WEBSITE}</p>
    </Card>
  );
}
