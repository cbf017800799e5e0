/**
 * URL builder for the heart-rate widget: Pulsoid's real-time feed or HypeRate's live feed (or a local source
 * speaking either), chosen here.
 */
import { PasswordField, TextField } from "@portfolio/ui";
import { lazy, useId, useState } from "react";
import {
  feedUrl,
  HEART_LIMITS,
  type HeartOptions,
  type HeartSource,
  heartOptionsToParams,
  isHypeRateId,
  isPulsoidToken,
  SOURCE_URLS,
} from "../heart/heart-options.ts";
import { BuilderLayout } from "./BuilderLayout.tsx";
import { NumberField } from "./fields.tsx";

// The preview is a chunk of its own: the prerendered HTML shows it until it hydrates (BuilderLayout).
const HeartWidget = lazy(() => import("../heart/HeartWidget.tsx"));

const SOURCE_LABELS: Record<HeartSource, string> = { pulsoid: "Pulsoid", hyperate: "HypeRate" };
const HOSTS: Record<HeartSource, string> = { pulsoid: "dev.pulsoid.net", hyperate: "app.hyperate.io" };

export default function HeartBuilder({ initial }: { initial: HeartOptions }) {
  const radioName = useId();
  const [options, setOptions] = useState<HeartOptions>({ ...initial, demo: false });
  const [feedText, setFeedText] = useState(initial.url);
  const set = (patch: Partial<HeartOptions>) => setOptions((o) => ({ ...o, ...patch }));
  const { source } = options;
  const feed = feedUrl(feedText.trim(), source);
  const token = options.token.trim();
  const id = options.hyperateId.trim();
  const key = options.hyperateKey.trim();
  const ready = source === "hyperate" ? isHypeRateId(id) && isPulsoidToken(key) : isPulsoidToken(token);
  const params =
    ready && feed ? heartOptionsToParams({ ...options, token, hyperateId: id, hyperateKey: key, url: feed }) : null;
  const chooseSource = (next: HeartSource) => {
    // The feed address follows the source, unless it points at a local source.
    if (feedText.trim() === SOURCE_URLS[source]) setFeedText(SOURCE_URLS[next]);
    set({ source: next });
  };
  return (
    <BuilderLayout
      kind="heart"
      params={params}
      missing={
        source === "hyperate"
          ? "Enter your HypeRate widget ID and API key to get your URL."
          : "Enter your Pulsoid access token to get your URL."
      }
      warning={params ? "Keep this URL private: it contains your access token." : undefined}
      form={
        <>
          <fieldset className="space-y-2">
            <legend className="mb-1 text-sm font-medium text-slate-800 dark:text-slate-200">Heart-rate service</legend>
            {(["pulsoid", "hyperate"] as const).map((value) => (
              <label key={value} className="flex items-center gap-2 text-sm text-slate-800 dark:text-slate-200">
                <input
                  type="radio"
                  name={radioName}
                  checked={source === value}
                  onChange={() => chooseSource(value)}
                  className="accent-indigo-600"
                />
                {SOURCE_LABELS[value]}
              </label>
            ))}
          </fieldset>
          {source === "hyperate" ? (
            <>
              <TextField
                label="HypeRate widget ID"
                value={options.hyperateId}
                onValueChange={(value) => set({ hyperateId: value })}
                autoComplete="off"
                spellCheck={false}
                aria-invalid={(id !== "" && !isHypeRateId(id)) || undefined}
                hint="The code at the end of your HypeRate overlay link (app.hyperate.io/ID)."
              />
              <PasswordField
                label="HypeRate API key"
                value={options.hyperateKey}
                onValueChange={(value) => set({ hyperateKey: value })}
                autoComplete="new-password"
                hint="From HypeRate's developer access (it opens their live feed)."
              />
            </>
          ) : (
            <PasswordField
              label="Pulsoid access token"
              value={options.token}
              onValueChange={(value) => set({ token: value })}
              // Browsers ignore "off" on a password field; "new-password" keeps them from filling in a saved
              // password here, which "current-password" would invite.
              autoComplete="new-password"
              hint="From pulsoid.net → Account → Tokens (scope data:heart_rate:read)."
            />
          )}
          <TextField
            label="Feed address"
            value={feedText}
            onValueChange={setFeedText}
            spellCheck={false}
            aria-invalid={!feed || undefined}
            hint={
              feed
                ? `${SOURCE_LABELS[source]}'s live feed (default ${SOURCE_URLS[source]}), or a ws:// source on this computer.`
                : `Use an address on ${HOSTS[source]}, or a ws:// address on this computer.`
            }
          />
          <div className="grid gap-4 sm:grid-cols-2">
            <NumberField
              label="Signal lost after"
              suffix="seconds"
              value={options.lostAfterSeconds}
              onChange={(lostAfterSeconds) => set({ lostAfterSeconds })}
              {...HEART_LIMITS.lostAfterSeconds}
            />
            <NumberField
              label="Size"
              suffix="px"
              value={options.size}
              onChange={(size) => set({ size })}
              {...HEART_LIMITS.size}
            />
          </div>
          <TextField label="Label" value={options.label} onValueChange={(label) => set({ label })} maxLength={20} />
        </>
      }
      preview={<HeartWidget options={{ ...options, demo: true, size: Math.min(options.size, 120) }} preview />}
    />
  );
}
