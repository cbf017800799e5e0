/**
 * A link to a page of the app: a real `<a href>` that navigates client-side on a plain click and leaves
 * Ctrl/Cmd/Shift-click, middle click and `target` to the browser. It is built from the two hooks React
 * Router offers for custom links; React Router's own `<Link>` also carries route prefetching, view
 * transitions and server-component support this app does not use (about 1.7 kB gzip on every page).
 */
import type { AnchorHTMLAttributes } from "react";
import { useHref, useLinkClickHandler } from "react-router-dom";

export interface RouteLinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, "href"> {
  /** An app path, e.g. `/login?mode=signup`. */
  to: string;
  /** Replace the current history entry instead of adding one. */
  replace?: boolean;
}

export function RouteLink({ to, replace, target, onClick, ...anchor }: RouteLinkProps) {
  const href = useHref(to);
  const navigate = useLinkClickHandler<HTMLAnchorElement>(to, { replace, target });
  return (
    <a
      {...anchor}
      href={href}
      target={target}
      onClick={(event) => {
        onClick?.(event);
        if (!event.defaultPrevented) navigate(event);
      }}
    />
  );
}
