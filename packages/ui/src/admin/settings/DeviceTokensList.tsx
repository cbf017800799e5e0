/**
 * Desktop app device tokens (name, created, last used, when unused ones expire), with a Revoke button that
 * asks first: yours next to your sessions, or a user's in the Users tab (the source says whose).
 * A revoked token stops the desktop app that holds it from syncing until it connects again.
 */
import type { DeviceTokenView } from "@portfolio/core/domain";
import { useState } from "react";
import { errorMessage } from "../../api/api-client.ts";
import { Button } from "../../components/Button.tsx";
import { ConfirmDialog } from "../ConfirmDialog.tsx";
import { formatDateTime } from "../dates.ts";
import {
  createdText,
  DEVICE_TOKEN_MESSAGES,
  type DeviceTokenSource,
  expiryText,
  lastUseText,
  revokedMessage,
  revokeQuestion,
} from "../device-tokens.ts";
import { useNotify } from "../feedback.tsx";
import { ErrorBlock, LoadingBlock } from "../States.tsx";
import { useLoad } from "../use-load.ts";

export function DeviceTokensList({ source }: { source: DeviceTokenSource }) {
  const notify = useNotify();
  const tokens = useLoad(() => source.load());
  const [revoking, setRevoking] = useState<DeviceTokenView | null>(null);

  const revoke = async () => {
    const token = revoking;
    if (!token) return;
    try {
      await source.revoke(token.id);
      notify({ tone: "success", text: revokedMessage(token.name, source.username) });
    } catch (error) {
      notify({ tone: "error", text: DEVICE_TOKEN_MESSAGES.revokeFailed, detail: errorMessage(error, "Unknown error") });
    }
    setRevoking(null);
    await tokens.reload();
  };

  if (tokens.error && !tokens.data)
    return <ErrorBlock error={tokens.error} what={source.what} onRetry={tokens.reload} />;
  if (!tokens.data) return <LoadingBlock label={`Loading ${source.what}…`} />;
  return (
    <>
      {tokens.data.length === 0 ? (
        <p className="text-sm text-slate-600 dark:text-slate-400" data-testid="device-tokens-empty">
          {source.empty}
        </p>
      ) : (
        <ul
          className="divide-y divide-slate-200 dark:divide-slate-800"
          data-testid="device-tokens-list"
          aria-label="Device tokens"
        >
          {tokens.data.map((token) => (
            <li
              key={token.id}
              className="flex flex-wrap items-center justify-between gap-3 py-3"
              data-testid="device-token-row"
            >
              <div className="min-w-0">
                <p className="font-medium break-words text-slate-900 dark:text-white">{token.name}</p>
                <p className="text-xs text-slate-600 dark:text-slate-400">
                  {token.lastUsedAt ? (
                    <time dateTime={token.lastUsedAt} title={formatDateTime(token.lastUsedAt)}>
                      {lastUseText(token)}
                    </time>
                  ) : (
                    lastUseText(token)
                  )}
                  {" · "}
                  {createdText(token)}
                  {" · "}
                  <time dateTime={token.expiresAt} data-testid="device-token-expiry">
                    {expiryText(token)}
                  </time>
                </p>
              </div>
              <Button
                size="sm"
                variant="danger"
                onClick={() => setRevoking(token)}
                aria-label={`Revoke device token ${token.name}`}
              >
                Revoke
              </Button>
            </li>
          ))}
        </ul>
      )}
      <ConfirmDialog
        open={revoking !== null}
        title="Revoke device token"
        message={revoking ? revokeQuestion(revoking.name, source.username) : ""}
        confirmLabel="Revoke"
        onConfirm={revoke}
        onCancel={() => setRevoking(null)}
      />
    </>
  );
}
