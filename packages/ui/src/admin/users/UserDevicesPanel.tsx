/**
 * A user's devices, opened from their row in the Users table (SECURITY 26): the desktop apps connected to the
 * account, each revocable. Shown in the page rather than in a dialog, so revoking can ask in the usual
 * confirmation dialog (dialogs do not stack).
 */
import type { AdminUser } from "@portfolio/core/domain";
import { useEffect, useRef } from "react";
import { useApi } from "../../auth/auth-context.tsx";
import { Button } from "../../components/Button.tsx";
import { userDeviceTokens } from "../device-tokens.ts";
import { Card } from "../States.tsx";
import { DeviceTokensList } from "../settings/DeviceTokensList.tsx";

export function UserDevicesPanel({ user, onClose }: { user: AdminUser; onClose: () => void }) {
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
        description="Desktop apps connected to this account. Revoking one stops it syncing until it connects again."
        testId="user-devices"
        actions={
          <Button size="sm" variant="secondary" onClick={close}>
            Close
          </Button>
        }
      >
        <DeviceTokensList source={userDeviceTokens(api, user)} />
      </Card>
    </div>
  );
}
