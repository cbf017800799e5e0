/**
 * The owner's 'Require a second factor for staff' (docs/security.md, promise 30): a switch that saves when pressed.
 * Turning it on while staff have no second factor asks first and says how many (the server counts them); the
 * server's answer is what the switch then shows. Only a browser session changes it, so the desktop app says
 * it is changed on the website.
 */
import type { SecuritySettingsAnswer } from "@portfolio/core/domain";
import { useId, useState } from "react";
import { failureReason } from "../../api/api-client.ts";
import { useApi, useAuth } from "../../auth/auth-context.tsx";
import { SwitchButton } from "../../components/SwitchButton.tsx";
import { SaveErrorBox } from "../../projects/SaveErrorBox.tsx";
import { SaveError } from "../../projects/save-error.ts";
import { ConfirmDialog } from "../ConfirmDialog.tsx";
import { useNotify } from "../feedback.tsx";
import { Card, ErrorBlock, LoadingBlock } from "../States.tsx";
import {
  REQUIRE_STAFF_EXPLANATION,
  REQUIRE_STAFF_LABEL,
  REQUIREMENT_NOT_SAVED,
  REQUIREMENT_OFF,
  REQUIREMENT_ON,
  requirementConfirmation,
  SECURITY_ON_WEBSITE,
  STAFF_CARD_TITLE,
  staffWithoutSecondFactorText,
} from "../security-settings.ts";
import { useLoad } from "../use-load.ts";

export function SecuritySection() {
  const api = useApi();
  if (api.credential !== "session") {
    return (
      <Card title={STAFF_CARD_TITLE} testId="security-settings" headingLevel={3}>
        <p className="text-sm text-slate-700 dark:text-slate-300">{SECURITY_ON_WEBSITE}</p>
      </Card>
    );
  }
  return <RequirementCard />;
}

function RequirementCard() {
  const api = useApi();
  // The owner's own second factors: whether turning it on closes the panel for the owner too.
  const state = useLoad(async () => {
    const [settings, own] = await Promise.all([
      api.call("settings.security.get", {}),
      api.call("account.security", {}),
    ]);
    return { settings, ownerHasOne: own.totp || own.passkeys.length > 0 };
  });
  return (
    <Card
      title={STAFF_CARD_TITLE}
      description="A second factor is an authenticator app's code or a passkey, asked after the password."
      testId="security-settings"
      headingLevel={3}
    >
      {state.error && !state.data ? (
        <ErrorBlock error={state.error} what="the sign-in security settings" onRetry={state.reload} />
      ) : null}
      {!state.data && !state.error ? <LoadingBlock label="Loading the sign-in security settings…" /> : null}
      {state.data ? (
        <RequirementSwitch settings={state.data.settings} ownerHasOne={state.data.ownerHasOne} onSaved={state.reload} />
      ) : null}
    </Card>
  );
}

function RequirementSwitch({
  settings,
  ownerHasOne,
  onSaved,
}: {
  settings: SecuritySettingsAnswer;
  ownerHasOne: boolean;
  onSaved: () => Promise<void>;
}) {
  const api = useApi();
  const { refresh } = useAuth();
  const notify = useNotify();
  const [busy, setBusy] = useState(false);
  const [asking, setAsking] = useState(false);
  const [error, setError] = useState<SaveError | null>(null);
  const labelId = useId();
  const explanationId = useId();
  const countId = useId();
  const on = settings.requireSecondFactorForStaff;
  const confirmation = requirementConfirmation(settings.staffWithoutSecondFactor, ownerHasOne);

  const save = async (next: boolean) => {
    setBusy(true);
    setError(null);
    try {
      await api.call("settings.security.update", { requireSecondFactorForStaff: next });
      notify({ tone: "success", text: next ? REQUIREMENT_ON : REQUIREMENT_OFF });
      // An owner without a second factor is now one of the staff it stops: the session says so, and the site
      // takes them to Account security at once, as the confirmation said.
      if (next && !ownerHasOne) await refresh();
      else await onSaved();
    } catch (failure) {
      setError(new SaveError(REQUIREMENT_NOT_SAVED, failureReason(failure)));
    } finally {
      setBusy(false);
      setAsking(false);
    }
  };

  const press = () => {
    if (busy) return;
    if (!on && confirmation) return setAsking(true);
    void save(!on);
  };

  return (
    <div className="space-y-4">
      <p id={explanationId} className="text-sm text-slate-700 dark:text-slate-300">
        {REQUIRE_STAFF_EXPLANATION}
      </p>
      <div className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-slate-200 px-4 py-3 dark:border-slate-700">
        <div className="min-w-0">
          <p id={labelId} className="text-sm font-medium text-slate-900 dark:text-white">
            {REQUIRE_STAFF_LABEL}
          </p>
          <p id={countId} className="text-sm text-slate-600 dark:text-slate-400" data-testid="staff-without-count">
            {staffWithoutSecondFactorText(settings.staffWithoutSecondFactor, ownerHasOne)}
          </p>
        </div>
        <SwitchButton
          on={on}
          busy={busy}
          onPress={press}
          labelledBy={labelId}
          describedBy={`${countId} ${explanationId}`}
          testId="require-staff-switch"
        />
      </div>
      <SaveErrorBox error={error} />
      {confirmation ? (
        <ConfirmDialog
          open={asking}
          title={confirmation.title}
          message={confirmation.message}
          confirmLabel={confirmation.confirmLabel}
          tone="primary"
          onConfirm={() => save(true)}
          onCancel={() => setAsking(false)}
          testId="require-staff-confirm"
        />
      ) : null}
    </div>
  );
}
