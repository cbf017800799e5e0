/**
 * A link to a page of the app: a real `<a href>` that navigates client-side on a plain click and leaves
 * Ctrl/Cmd/Shift-click, middle click and `target` to the browser. While a form holds unsaved changes, a
 * click that would navigate in the app asks 'Discard your changes?' first.
 */
import type { AnchorHTMLAttributes, MouseEvent } from "react";
import { useFollowLink } from "../routing/router.tsx";
import { useDiscardGuard, useHasUnsaved } from "../unsaved/UnsavedChangesProvider.tsx";

export interface RouteLinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, "href"> {
  /** An app path, e.g. `/login?mode=signup`. */
  to: string;
  /** Replace the current history entry instead of adding one. */
  replace?: boolean;
}

export function RouteLink({ to, replace, target, onClick, ...anchor }: RouteLinkProps) {
  const follow = useFollowLink(to, replace);
  const hasUnsaved = useHasUnsaved();
  const guard = useDiscardGuard();
  return (
    <a
      {...anchor}
      href={to}
      target={target}
      onClick={(event) => {
        onClick?.(event);
        if (event.defaultPrevented) return;
        if (!navigatesInApp(event, target)) return;
        event.preventDefault();
        if (hasUnsaved()) void guard(follow);
        else follow();
      }}
    />
  );
}

/** A plain left click on a link without another target: the one the app handles itself. */
function navigatesInApp(event: MouseEvent<HTMLAnchorElement>, target: string | undefined): boolean {
  const modified = event.metaKey || event.altKey || event.ctrlKey || event.shiftKey;
  return event.button === 0 && !modified && (!target || target === "_self");
}
