import "./zod-without-eval.ts";
import { BrowserRouter } from "@portfolio/ui";
import { StrictMode, startTransition } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { App } from "./App.tsx";
import { createApiClient } from "./lib/api.ts";
import { type InitialDataValue, parseInitialData } from "./lib/initial-data.tsx";
import { fetchInitialDataText } from "./lib/load-initial-data.ts";
import { prerenderIsStale } from "./lib/stale-prerender.ts";
import { readShownOrder } from "./lib/visit-order.ts";
import { installHistoryGuard } from "./routes/history-guard.tsx";
import { preloadForPath } from "./routes/pages.ts";
import "./styles.css";

const container = document.getElementById("root");
if (!container) throw new Error("#root is missing from the page.");
// Prerendered pages that show projects preload their data; a page without it hydrates at once and fetches the
// built-in defaults alongside (held in an object: a promise returned from then() would be waited for).
const initialDataReady: Promise<{ data: InitialDataValue }> = fetchInitialDataText().then((dataText) => ({
  data:
    parseInitialData(dataText) ??
    import("./lib/default-initial-data.ts").then((module) => parseInitialData(dataText, module.DEFAULT_INITIAL_DATA)),
}));
const api = createApiClient();
// Before the router listens, so Back and Forward can ask about unsaved changes first.
installHistoryGuard(window);

function start() {
  initialDataReady.then(({ data }) => render(data));
}

function render(initialData: InitialDataValue) {
  const root = container as HTMLElement;
  // The Vite dev server serves the bare template (nothing prerendered), and a stale prerendered page (a widget's
  // builder on an overlay's address) is not what this URL shows: render instead of hydrating.
  if (root.firstElementChild === null || prerenderIsStale()) {
    root.replaceChildren();
    createRoot(root).render(appWith(initialData));
    return;
  }
  // The grid was shuffled for this visit before it could be seen (visit-order.ts): hydrate in that order.
  const shownOrder = readShownOrder(document);
  const app = appWith(
    shownOrder && !(initialData instanceof Promise) ? { ...initialData, order: shownOrder } : initialData,
  );
  // As a transition, hydration is time-sliced: the page stays responsive while React attaches itself.
  startTransition(() => {
    hydrateRoot(root, app);
  });
}

function appWith(initialData: InitialDataValue) {
  return (
    <StrictMode>
      <BrowserRouter>
        <App api={api} initialData={initialData} />
      </BrowserRouter>
    </StrictMode>
  );
}

// Load the code-split page being shown first, so hydration renders exactly the prerendered HTML.
preloadForPath(window.location.pathname).then(start, start);
