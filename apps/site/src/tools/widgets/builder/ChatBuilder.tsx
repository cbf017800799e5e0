/** URL builder for the chat box, with a live preview of sample chat in the chosen style. */
import { TextField } from "@portfolio/ui";
import { lazy, useState } from "react";
import {
  CHAT_LIMITS,
  type ChatOptions,
  chatOptionsToParams,
  normalizeChannel,
  parseUserList,
} from "../chat/chat-options.ts";
import { EMOTE_PROVIDERS, PROVIDER_NAMES } from "../chat/emotes/emote.ts";
import { BuilderLayout } from "./BuilderLayout.tsx";
import { NumberField, SwitchField } from "./fields.tsx";

// The preview is a chunk of its own: the prerendered HTML shows it until it hydrates (BuilderLayout).
const ChatWidget = lazy(() => import("../chat/ChatWidget.tsx"));

export default function ChatBuilder({ initial }: { initial: ChatOptions }) {
  const [channelText, setChannelText] = useState(initial.channel);
  const [options, setOptions] = useState<ChatOptions>({ ...initial, demo: false, server: null });
  const [botsText, setBotsText] = useState(initial.hiddenUsers.join(", "));
  const set = (patch: Partial<ChatOptions>) => setOptions((o) => ({ ...o, ...patch }));
  const channel = normalizeChannel(channelText);
  const invalidChannel = channelText.trim() !== "" && channel === "";
  const params = channel ? chatOptionsToParams({ ...options, channel }) : null;

  return (
    <BuilderLayout
      kind="chat"
      params={params}
      missing="Enter your Twitch channel to get your URL."
      form={
        <>
          <TextField
            label="Twitch channel"
            value={channelText}
            onValueChange={setChannelText}
            placeholder="yourchannel or https://twitch.tv/yourchannel"
            autoComplete="off"
            spellCheck={false}
            aria-invalid={invalidChannel || undefined}
            hint={
              invalidChannel
                ? "That is not a Twitch channel name (letters, digits and _ only)."
                : "Read-only: the widget never posts to your chat."
            }
          />
          <div className="grid gap-4 sm:grid-cols-2">
            <NumberField
              label="Hide messages after"
              suffix="seconds"
              value={options.fadeSeconds}
              onChange={(fadeSeconds) => set({ fadeSeconds })}
              {...CHAT_LIMITS.fadeSeconds}
              hint="0 keeps them until newer ones push them out."
            />
            <NumberField
              label="Most lines shown"
              value={options.maxLines}
              onChange={(maxLines) => set({ maxLines })}
              {...CHAT_LIMITS.maxLines}
            />
            <NumberField
              label="Text size"
              suffix="px"
              value={options.fontSize}
              onChange={(fontSize) => set({ fontSize })}
              {...CHAT_LIMITS.fontSize}
            />
          </div>
          <TextField
            label="Hide these chatters (bots)"
            value={botsText}
            onValueChange={(text) => {
              setBotsText(text);
              set({ hiddenUsers: parseUserList(text) });
            }}
            hint="Names separated by commas."
            autoComplete="off"
            spellCheck={false}
          />
          <SwitchField
            label="Hide commands"
            hint="Messages starting with ! (like !discord)."
            checked={options.hideCommands}
            onChange={(hideCommands) => set({ hideCommands })}
          />
          <SwitchField
            label="Show badges"
            checked={options.showBadges}
            onChange={(showBadges) => set({ showBadges })}
          />
          {EMOTE_PROVIDERS.map((provider) => (
            <SwitchField
              key={provider}
              label={`${PROVIDER_NAMES[provider]} emotes`}
              hint={`Draws your chat's ${PROVIDER_NAMES[provider]} emotes, global and your channel's own, as pictures.`}
              checked={options.emotes[provider]}
              onChange={(on) => set({ emotes: { ...options.emotes, [provider]: on } })}
            />
          ))}
        </>
      }
      preview={<ChatWidget options={{ ...options, channel: channel || "demo", demo: true }} preview />}
    />
  );
}
