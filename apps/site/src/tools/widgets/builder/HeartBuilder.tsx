/** URL builder for the heart-rate widget (Pulsoid's real-time feed, or a local source of the same shape). */
import { PasswordField, TextField } from "@portfolio/ui";
import { useState } from "react";
import HeartWidget from "../heart/HeartWidget.tsx";
import {
  feedUrl,
  HEART_DEFAULTS,
  HEART_LIMITS,
  type HeartOptions,
  heartOptionsToParams,
  isPulsoidToken,
} from "../heart/heart-options.ts";
import { BuilderLayout } from "./BuilderLayout.tsx";
import { NumberField } from "./fields.tsx";

export default function HeartBuilder({ initial }: { initial: HeartOptions }) {
  const [options, setOptions] = useState<HeartOptions>({ ...initial, demo: false });
  const [feedText, setFeedText] = useState(initial.url);
  const set = (patch: Partial<HeartOptions>) => setOptions((o) => ({ ...o, ...patch }));
  const feed = feedUrl(feedText.trim());
  const token = options.token.trim();
  const validToken = isPulsoidToken(token);
  const params = validToken && feed ? heartOptionsToParams({ ...options, token, url: feed }) : null;
  return (
    <BuilderLayout
      kind="heart"
      params={params}
      missing="Enter your Pulsoid access token to get your URL."
      warning={params ? "Keep this URL private: it contains your access token." : undefined}
      form={
        <>
          <PasswordField
            label="Pulsoid access token"
            value={options.token}
            onValueChange={(value) => set({ token: value })}
            // Browsers ignore "off" on a password field; "new-password" keeps them from filling in a saved
            // password here, which "current-password" would invite.
            autoComplete="new-password"
            hint="From pulsoid.net → Account → Tokens (scope data:heart_rate:read)."
          />
          <TextField
            label="Feed address"
            value={feedText}
            onValueChange={setFeedText}
            spellCheck={false}
            aria-invalid={!feed || undefined}
            hint={
              feed
                ? `Pulsoid's real-time feed (default ${HEART_DEFAULTS.url}), or a ws:// source on this computer.`
                : "Use an address on dev.pulsoid.net, or a ws:// address on this computer."
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
