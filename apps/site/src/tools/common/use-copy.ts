/** Copy with feedback: `copied` is true for 2 seconds after a successful copy (spec section 9). */
import { useCallback, useEffect, useRef, useState } from "react";
import { copyToClipboard } from "./clipboard.ts";

export const COPIED_FOR_MS = 2000;

export function useCopy(): { copied: boolean; failed: boolean; copy: (text: string) => Promise<void> } {
  const [copied, setCopied] = useState(false);
  const [failed, setFailed] = useState(false);
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);
  const copy = useCallback(async (text: string) => {
    const ok = await copyToClipboard(text);
    window.clearTimeout(timer.current);
    setCopied(ok);
    setFailed(!ok);
    timer.current = window.setTimeout(() => {
      setCopied(false);
      setFailed(false);
    }, COPIED_FOR_MS);
  }, []);
  return { copied, failed, copy };
}
