/**
 * The site profile's History panel: the generic HistoryPanel over `profile.history`, with the profile
 * form's labels. Whoever may open the admin panel reads it; only the owner restores (the button says why
 * not to others). A restore is based on the newest version the panel loaded, so a change made elsewhere
 * meanwhile answers 409: nothing is restored, and the form and the history show the latest profile.
 */
import type { HistoryItem, SiteProfile } from "@portfolio/core/domain";
import { ApiError } from "@portfolio/core/operations/client";
import { useId, useRef, useState } from "react";
import { failureReason } from "../../api/api-client.ts";
import { useApi } from "../../auth/auth-context.tsx";
import { RefusalAlert, UnavailableReason } from "../../components/unavailable.tsx";
import { HISTORY_PAGE_SIZE, HistoryPanel } from "../../history/HistoryPanel.tsx";
import type { FieldLabels } from "../../history/history-view.ts";
import { useNotify } from "../feedback.tsx";

export const PROFILE_FIELD_LABELS: FieldLabels<SiteProfile> = {
  ownerName: "Display name",
  birthDate: "Birth date",
  businessEmail: "Business e-mail",
  socialLinks: "Social links",
  streamingSiteUrl: "Streaming site",
  tagline: "Tagline",
};

export const PROFILE_RESTORE_MESSAGES = {
  restored: (version: number) => `Site profile restored to version ${version}. The public site now shows it.`,
  stale:
    "The site profile was changed elsewhere since its history was loaded, so nothing was restored. The form and the history now show the latest version: check them and restore again if you still want to.",
  failed: (reason: string | undefined) => `Could not restore this version.${reason ? ` ${reason}` : ""}`,
  ownerOnly: "Only the owner can restore the site profile.",
  dirtyNote: "Your unsaved changes in the form will be replaced by this version.",
} as const;

export function SiteProfileHistory({
  profile,
  owner,
  dirty,
  onRestored,
}: {
  profile: SiteProfile;
  /** Whether the viewer may restore (the owner alone changes the profile). */
  owner: boolean;
  /** The form holds unsaved changes, which a restore replaces. */
  dirty: boolean;
  /** Reads the profile again (after a restore, or a 409 that found it changed). */
  onRestored: () => Promise<void>;
}) {
  const api = useApi();
  const notify = useNotify();
  const reasonId = useId();
  const [refused, setRefused] = useState(false);
  // The newest version the panel loaded: what the owner saw, so a restore is based on it.
  const newest = useRef<number | undefined>(undefined);

  const restore = async (item: HistoryItem<SiteProfile>) => {
    try {
      await api.call("profile.restore", { version: item.version, baseVersion: newest.current });
    } catch (error) {
      if (error instanceof ApiError && error.status === 409) {
        await onRestored();
        throw new Error(PROFILE_RESTORE_MESSAGES.stale);
      }
      throw new Error(PROFILE_RESTORE_MESSAGES.failed(failureReason(error)));
    }
    notify({ tone: "success", text: PROFILE_RESTORE_MESSAGES.restored(item.version) });
    await onRestored();
  };

  return (
    <div className="space-y-3" data-testid="site-profile-history">
      <HistoryPanel
        noun="site profile"
        load={async (before) => {
          const answer = await api.call("profile.history", { before, limit: HISTORY_PAGE_SIZE });
          if (before === undefined) newest.current = answer.items[0]?.version;
          return answer;
        }}
        current={profile}
        reloadKey={JSON.stringify(profile)}
        labels={PROFILE_FIELD_LABELS}
        restore={restore}
        restoreUnavailableId={owner ? undefined : reasonId}
        onRestoreRefused={() => setRefused(true)}
        restoreNote={dirty ? PROFILE_RESTORE_MESSAGES.dirtyNote : undefined}
      />
      {owner ? null : <UnavailableReason id={reasonId} text={PROFILE_RESTORE_MESSAGES.ownerOnly} />}
      {refused && !owner ? <RefusalAlert text={PROFILE_RESTORE_MESSAGES.ownerOnly} /> : null}
    </div>
  );
}
