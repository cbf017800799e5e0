/**
 * The app's router: the current location from the address bar, client-side navigation through the History
 * API, and the few hooks the pages use. The site's routes are a flat table of static paths, so this is all a
 * page needs of a router; React Router carried about 10 kB gzip of matching, data-router, prefetching and
 * error-boundary code on every page for it.
 *
 * Each history entry the app makes keeps `{ key, idx }` in its state, `idx` counting up from the entry the
 * app started on, as React Router's did: the site's Back/Forward guard reads it to tell how far a traversal
 * went, and entries made by an earlier build keep working.
 */
import {
  createContext,
  type ReactNode,
  startTransition,
  useCallback,
  useContext,
  useEffect,
  useLayoutEffect,
  useMemo,
  useState,
} from "react";

export interface RouterLocation {
  pathname: string;
  search: string;
  hash: string;
  /** Unique per history entry ("default" for the one the app started on without a key). */
  key: string;
}

export interface NavigateOptions {
  /** Replace the current history entry instead of adding one. */
  replace?: boolean;
}

export type NavigateFunction = (to: string, options?: NavigateOptions) => void;

interface Router {
  location: RouterLocation;
  navigate: NavigateFunction;
}

const RouterContext = createContext<Router | null>(null);

function useRouter(): Router {
  const router = useContext(RouterContext);
  if (!router) throw new Error("A route hook was used outside <BrowserRouter> or <StaticRouter>.");
  return router;
}

/** `/a?b#c` as its parts; a missing part is "". */
export function parsePath(path: string): Omit<RouterLocation, "key"> {
  const hashAt = path.indexOf("#");
  const hash = hashAt >= 0 ? path.slice(hashAt) : "";
  const rest = hashAt >= 0 ? path.slice(0, hashAt) : path;
  const searchAt = rest.indexOf("?");
  return {
    pathname: (searchAt >= 0 ? rest.slice(0, searchAt) : rest) || "/",
    search: searchAt >= 0 ? rest.slice(searchAt) : "",
    hash,
  };
}

const pathOf = (location: Omit<RouterLocation, "key">) => location.pathname + location.search + location.hash;

interface EntryState {
  key?: unknown;
  idx?: unknown;
}

const entryState = (state: unknown): EntryState => (typeof state === "object" && state !== null ? state : {});

function browserLocation(window: Window): RouterLocation {
  const { pathname, search, hash } = window.location;
  const key = entryState(window.history.state).key;
  return { pathname, search, hash, key: typeof key === "string" ? key : "default" };
}

const newKey = () => Math.random().toString(36).slice(2, 10);

/** The router of the browser: the address bar is the state, Back and Forward (`popstate`) change it. */
export function BrowserRouter({ children }: { children: ReactNode }) {
  const [location, setLocation] = useState(() => browserLocation(window));
  // As a transition, like React Router's: the page shown stays responsive while the next one renders.
  const show = useCallback(() => startTransition(() => setLocation(browserLocation(window))), []);

  // A layout effect, so a Back pressed before the first paint is not missed; listeners added before this
  // one (the site's history guard) run first.
  useLayoutEffect(() => {
    window.addEventListener("popstate", show);
    return () => window.removeEventListener("popstate", show);
  }, [show]);

  const navigate = useCallback<NavigateFunction>(
    (to, options = {}) => {
      const { history } = window;
      const idx = entryState(history.state).idx;
      const index = typeof idx === "number" ? idx : 0;
      // The entry the app started on gets its index when the app first leaves it, so a traversal back to it
      // can be measured; not while the page hydrates, where writing the history was a task of its own
      // (docs/performance.md, "The public pages").
      if (idx !== index) history.replaceState({ ...entryState(history.state), idx: index }, "");
      const state = { key: newKey(), idx: options.replace ? index : index + 1 };
      if (options.replace) history.replaceState(state, "", to);
      else history.pushState(state, "", to);
      show();
    },
    [show],
  );

  const router = useMemo(() => ({ location, navigate }), [location, navigate]);
  return <RouterContext.Provider value={router}>{children}</RouterContext.Provider>;
}

/** The router of the prerender: one fixed location; nothing navigates while rendering to HTML. */
export function StaticRouter({ location, children }: { location: string; children: ReactNode }) {
  const router = useMemo<Router>(
    () => ({
      location: { ...parsePath(location), key: "default" },
      navigate: () => {
        throw new Error("No navigation while prerendering.");
      },
    }),
    [location],
  );
  return <RouterContext.Provider value={router}>{children}</RouterContext.Provider>;
}

export function useLocation(): RouterLocation {
  return useRouter().location;
}

/** Navigates to an app path (`/login?mode=signup`, `/account#security`). */
export function useNavigate(): NavigateFunction {
  return useRouter().navigate;
}

/** The query string of the current location. */
export function useSearchParams(): [URLSearchParams] {
  const { search } = useLocation();
  return [useMemo(() => new URLSearchParams(search), [search])];
}

/** Navigates as soon as it is rendered in the browser. */
export function Navigate({ to, replace }: { to: string; replace?: boolean }) {
  const navigate = useNavigate();
  useEffect(() => navigate(to, { replace }), [navigate, to, replace]);
  return null;
}

/**
 * What a plain click on a link to `to` does: adds a history entry, or replaces the current one when the
 * link points where the page already is (so clicking it again does not stack copies), unless told.
 */
export function useFollowLink(to: string, replace: boolean | undefined): () => void {
  const { location, navigate } = useRouter();
  return useCallback(
    () => navigate(to, { replace: replace ?? pathOf(location) === pathOf(parsePath(to)) }),
    [location, navigate, to, replace],
  );
}
