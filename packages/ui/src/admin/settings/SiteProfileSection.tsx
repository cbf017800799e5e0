/**
 * General settings: the owner's public profile (display name, birth date for the age figure, business
 * e-mail, social links, tagline, streaming site), stored on the server and read by the public site.
 * Only the owner changes it (policy action settings.update); everyone else sees it as plain read-only
 * text, not as a form they cannot use. A problem found before saving sits under its field, which takes focus.
 * Below it, the profile's history: every version, and the owner's 'Restore this version'.
 */
import { birthDateOf, formatAge, type SiteProfile, type SocialLink } from "@portfolio/core/domain";
import { type FormEvent, useEffect, useRef, useState } from "react";
import { failureReason } from "../../api/api-client.ts";
import { useApi, useCan } from "../../auth/auth-context.tsx";
import { Button } from "../../components/Button.tsx";
import { TextField, useFocusFirstInvalid } from "../../components/FormField.tsx";
import { HistoryDisclosure } from "../../history/HistoryDisclosure.tsx";
import { SaveErrorBox } from "../../projects/SaveErrorBox.tsx";
import { SaveError } from "../../projects/save-error.ts";
import { useReportUnsaved } from "../../unsaved/UnsavedChangesProvider.tsx";
import { useNotify } from "../feedback.tsx";
import { Card, ErrorBlock, LoadingBlock } from "../States.tsx";
import {
  profileFieldProblem,
  profileFormFrom,
  profileFromForm,
  sameProfile,
  setSocialLink,
} from "../site-profile-form.ts";
import { useLoad } from "../use-load.ts";
import { SiteProfileHistory } from "./SiteProfileHistory.tsx";

export const PROFILE_SAVED = "Site profile saved. The public site now shows these details.";
export const OWNER_ONLY = "Only the owner can change the site profile.";

export function SiteProfileSection() {
  const api = useApi();
  const profile = useLoad(() => api.call("profile.get", {}));
  const owner = useCan("settings.update");
  const [dirty, setDirty] = useState(false);
  return (
    <Card
      title="General settings"
      description="Your public profile: the name, age figure, business e-mail and links on the home page."
      testId="site-profile"
      headingLevel={3}
    >
      {profile.error && !profile.data ? (
        <ErrorBlock error={profile.error} what="the site profile" onRetry={profile.reload} />
      ) : null}
      {!profile.data && !profile.error ? <LoadingBlock label="Loading the site profile…" /> : null}
      {profile.data && owner ? (
        <ProfileForm saved={profile.data} onSaved={profile.reload} onDirtyChange={setDirty} />
      ) : null}
      {profile.data && !owner ? <ProfileReadOnly profile={profile.data} /> : null}
      {profile.data ? (
        <div className="mt-5 border-t border-slate-200 pt-4 dark:border-slate-800">
          <HistoryDisclosure label="the site profile" testId="site-profile-history-toggle">
            {() =>
              profile.data ? (
                <SiteProfileHistory
                  profile={profile.data}
                  owner={owner}
                  dirty={owner && dirty}
                  onRestored={profile.reload}
                />
              ) : null
            }
          </HistoryDisclosure>
        </div>
      ) : null}
    </Card>
  );
}

function ProfileForm({
  saved,
  onSaved,
  onDirtyChange,
}: {
  saved: SiteProfile;
  onSaved: () => Promise<void>;
  /** Tells the History panel whether a restore would replace unsaved changes. */
  onDirtyChange: (dirty: boolean) => void;
}) {
  const api = useApi();
  const notify = useNotify();
  const [form, setForm] = useState(() => profileFormFrom(saved));
  const [error, setError] = useState<SaveError | null>(null);
  const [busy, setBusy] = useState(false);
  const [invalid, setInvalid] = useState<{ field: string; message: string } | null>(null);
  const [attempt, setAttempt] = useState(0);
  const formRef = useRef<HTMLFormElement>(null);
  useFocusFirstInvalid(formRef, attempt);
  const errorOf = (field: string) => (invalid?.field === field ? invalid.message : null);
  useEffect(() => setForm(profileFormFrom(saved)), [saved]);
  const dirty = !sameProfile(form, saved);
  useReportUnsaved(dirty);
  useEffect(() => onDirtyChange(dirty), [dirty, onDirtyChange]);
  const set = <K extends keyof SiteProfile>(key: K, value: SiteProfile[K]) => setForm((f) => ({ ...f, [key]: value }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const profile = profileFromForm(form);
    const problem = profileFieldProblem(profile);
    setInvalid(problem);
    setError(null);
    if (problem) return setAttempt((n) => n + 1);
    setBusy(true);
    try {
      await api.call("profile.update", profile);
      notify({ tone: "success", text: PROFILE_SAVED });
      await onSaved();
    } catch (failure) {
      setError(new SaveError("The site profile was not saved.", failureReason(failure)));
    } finally {
      setBusy(false);
    }
  };

  const validDate = /^\d{4}-\d{2}-\d{2}$/.test(form.birthDate);
  return (
    <form ref={formRef} noValidate onSubmit={submit} className="space-y-5">
      <fieldset disabled={busy} className="space-y-4">
        <legend className="sr-only">Profile</legend>
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label="Display name"
            value={form.ownerName}
            onValueChange={(v) => set("ownerName", v)}
            maxLength={80}
            error={errorOf("ownerName")}
          />
          <TextField
            label="Birth date"
            type="date"
            value={form.birthDate}
            onValueChange={(v) => set("birthDate", v)}
            hint={
              validDate
                ? `The age figure shows ${formatAge(birthDateOf(form), new Date())} today.`
                : "Drives the age figure."
            }
            error={errorOf("birthDate")}
          />
          <TextField
            label="Business e-mail"
            type="email"
            value={form.businessEmail}
            onValueChange={(v) => set("businessEmail", v)}
            autoComplete="off"
            error={errorOf("businessEmail")}
          />
          <TextField
            label="Streaming site"
            type="url"
            value={form.streamingSiteUrl}
            onValueChange={(v) => set("streamingSiteUrl", v)}
            hint="Where the Twitch authorization sends visitors afterwards."
            error={errorOf("streamingSiteUrl")}
          />
        </div>
        <TextField
          label="Tagline"
          value={form.tagline}
          onValueChange={(v) => set("tagline", v)}
          maxLength={200}
          error={errorOf("tagline")}
        />
        <fieldset className="rounded-xl border border-slate-200 p-4 dark:border-slate-700">
          <legend className="px-1 text-sm font-medium text-slate-700 dark:text-slate-200">Social links</legend>
          <p className="mb-3 text-xs text-slate-600 dark:text-slate-400">
            Leave a URL empty to hide that network's button.
          </p>
          <div className="space-y-3">
            {form.socialLinks.map((link) => (
              <SocialRow
                key={link.name}
                link={link}
                errorOf={errorOf}
                onChange={(field, value) => setForm((f) => setSocialLink(f, link.name, field, value))}
              />
            ))}
          </div>
        </fieldset>
      </fieldset>
      <SaveErrorBox error={error} />
      <div className="flex justify-end gap-2">
        <Button
          variant="secondary"
          onClick={() => {
            setForm(profileFormFrom(saved));
            setError(null);
            setInvalid(null);
          }}
          disabled={!dirty || busy}
        >
          Reset
        </Button>
        <Button type="submit" disabled={!dirty} loading={busy}>
          Save profile
        </Button>
      </div>
    </form>
  );
}

function SocialRow({
  link,
  errorOf,
  onChange,
}: {
  link: SocialLink;
  errorOf: (field: string) => string | null;
  onChange: (field: "url" | "handle", value: string) => void;
}) {
  return (
    <div className="grid gap-3 sm:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
      <TextField
        label={`${link.name} URL`}
        type="url"
        value={link.url}
        onValueChange={(v) => onChange("url", v)}
        error={errorOf(`socialLinks.${link.name}.url`)}
      />
      <TextField
        label={`${link.name} handle`}
        value={link.handle}
        onValueChange={(v) => onChange("handle", v)}
        error={errorOf(`socialLinks.${link.name}.handle`)}
      />
    </div>
  );
}

/** The profile as text, for whoever may not change it: what the public site shows, and who changes it. */
function ProfileReadOnly({ profile }: { profile: SiteProfile }) {
  const rows: Array<[string, string]> = [
    ["Display name", profile.ownerName],
    ["Birth date", profile.birthDate],
    ["Business e-mail", profile.businessEmail],
    ["Streaming site", profile.streamingSiteUrl],
    ["Tagline", profile.tagline],
    ...profile.socialLinks.map((link): [string, string] => [
      link.name,
      link.handle ? `${link.handle} (${link.url})` : link.url,
    ]),
  ];
  return (
    <div className="space-y-4" data-testid="site-profile-read-only">
      <p className="rounded-lg bg-slate-100 px-3 py-2 text-sm text-slate-700 dark:bg-slate-800 dark:text-slate-300">
        {OWNER_ONLY}
      </p>
      <dl className="grid gap-x-6 gap-y-3 text-sm sm:grid-cols-[10rem_minmax(0,1fr)]">
        {rows.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="font-medium text-slate-600 dark:text-slate-400">{label}</dt>
            <dd className="min-w-0 break-words text-slate-900 max-sm:mb-1 dark:text-white">{value || "Not set"}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}
