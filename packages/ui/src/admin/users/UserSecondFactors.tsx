/**
 * The Devices panel's 'Two-factor authentication' part (a lost phone): 'Remove second factors',
 * behind a confirmation. The users list does not say who has a second factor, so the button is there for every
 * user the viewer may manage, and a user with none gets the server's answer in words. Where the viewer may
 * not, the button stays, unavailable, and a press shows why beside it.
 */
import type { AdminUser } from "@portfolio/core/domain";
import { ApiError } from "@portfolio/core/operations/client";
import { useId, useState } from "react";
import { useApi } from "../../auth/auth-context.tsx";
import { Button } from "../../components/Button.tsx";
import { RefusalAlert, UnavailableReason, unavailableProps } from "../../components/unavailable.tsx";
import { ConfirmDialog } from "../ConfirmDialog.tsx";
import { failureFeedback, useNotify } from "../feedback.tsx";
import {
  REMOVAL_FAILED,
  REMOVE_SECOND_FACTORS,
  removalConfirmation,
  removalExplanation,
  removalRefusal,
  removedMessage,
} from "../second-factor-removal.ts";
import type { Viewer } from "../user-actions.ts";

export function UserSecondFactors({ user, viewer }: { user: AdminUser; viewer: Viewer }) {
  const api = useApi();
  const notify = useNotify();
  const reasonId = useId();
  const [asking, setAsking] = useState(false);
  const [refusalShown, setRefusalShown] = useState(false);
  /** The server's word that there was nothing to remove (409), shown in place rather than as a failure. */
  const [nothingToRemove, setNothingToRemove] = useState<string | null>(null);
  const refusal = removalRefusal(viewer, user, api.credential);

  const press = () => {
    if (refusal) return setRefusalShown(true);
    setNothingToRemove(null);
    setAsking(true);
  };

  const remove = async () => {
    try {
      await api.call("users.secondFactors.remove", { id: user._id });
      notify({ tone: "success", text: removedMessage(user.username) });
    } catch (error) {
      if (error instanceof ApiError && error.status === 409 && error.serverMessage) {
        setNothingToRemove(error.serverMessage);
      } else {
        notify(failureFeedback(REMOVAL_FAILED, error));
      }
    } finally {
      setAsking(false);
    }
  };

  const confirmation = removalConfirmation(user.username);
  return (
    <div className="mt-5" data-testid="user-second-factors">
      <h3 className="mb-1 text-sm font-semibold text-slate-900 dark:text-white">Two-factor authentication</h3>
      <p className="mb-3 text-sm text-slate-600 dark:text-slate-400">{removalExplanation(user.username)}</p>
      <div className="flex flex-wrap items-center gap-3">
        <Button size="sm" variant="danger" onClick={press} {...unavailableProps(refusal ? reasonId : undefined)}>
          {REMOVE_SECOND_FACTORS}
        </Button>
        {refusal ? <UnavailableReason id={reasonId} text={refusal} /> : null}
        {refusal && refusalShown ? <RefusalAlert text={refusal} /> : null}
        {nothingToRemove ? (
          <p role="status" className="text-sm text-slate-700 dark:text-slate-300" data-testid="nothing-to-remove">
            {nothingToRemove}
          </p>
        ) : null}
      </div>
      <ConfirmDialog
        open={asking}
        title={confirmation.title}
        message={confirmation.message}
        confirmLabel={confirmation.confirmLabel}
        onConfirm={remove}
        onCancel={() => setAsking(false)}
        testId="remove-second-factors-confirm"
      />
    </div>
  );
}
