import "./zod-without-eval.ts";
import { StrictMode, startTransition } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { BrowserRouter } from "react-router-dom";
import { App } from "./App.tsx";
import { createApiClient } from "./lib/api.ts";
import type { InitialData } from "./lib/initial-data.tsx";
import { loadInitialData } from "./lib/load-initial-data.ts";
import { preloadForPath } from "./routes/pages.ts";
import "./styles.css";

const container = document.getElementById("root");
if (!container) throw new Error("#root is missing from the page.");
const api = createApiClient();

function start(initialData: InitialData) {
  const root = container as HTMLElement;
  const app = (
    <StrictMode>
      <BrowserRouter>
        <App api={api} initialData={initialData} />
      </BrowserRouter>
    </StrictMode>
  );
  // The Vite dev server serves the bare template (nothing prerendered): render instead of hydrating.
  if (root.firstElementChild === null) {
    createRoot(root).render(app);
    return;
  }
  // As a transition, hydration is time-sliced: the page stays responsive while React attaches itself.
  startTransition(() => {
    hydrateRoot(root, app);
  });
}

// Load the code-split page being shown first and the data the HTML was rendered from, so hydration
// renders exactly the prerendered HTML.
Promise.all([loadInitialData(), preloadForPath(window.location.pathname).catch(() => undefined)]).then(([data]) =>
  start(data),
);
