/**
 * Who a role save would change, asked of the server (a dry run) while the draft differs from the saved set,
 * so the editor shows it before Save. Waits for the clicking to settle and drops answers to older drafts.
 */
import type { RoleKey, RoleUpdateAnswer } from "@portfolio/core/domain";
import { useEffect, useState } from "react";
import { type RolePreview, rolePreviewFromAnswer, rolePreviewFromError } from "../role-editor.ts";

const SETTLE_MS = 250;

export function useRolePreview(
  roleKey: RoleKey,
  draft: readonly string[],
  active: boolean,
  preview: (roleKey: RoleKey, permissions: string[]) => Promise<RoleUpdateAnswer>,
): RolePreview {
  const [result, setResult] = useState<RolePreview>({ state: "none" });
  const draftKey = draft.join(" ");
  // biome-ignore lint/correctness/useExhaustiveDependencies: asks again only when the draft itself (draftKey) changes.
  useEffect(() => {
    if (!active) {
      setResult({ state: "none" });
      return;
    }
    let current = true;
    setResult({ state: "checking" });
    const timer = setTimeout(() => {
      preview(roleKey, [...draft]).then(
        (answer) => current && setResult(rolePreviewFromAnswer(answer)),
        (error: unknown) => current && setResult(rolePreviewFromError(error)),
      );
    }, SETTLE_MS);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [roleKey, draftKey, active]);
  return result;
}
