import { UnsavedChangesProvider } from "@portfolio/ui";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { App } from "./App.tsx";
import { bridgeFromWindow } from "./ipc-transport.ts";
import "./styles.css";

const root = document.getElementById("root");
if (!root) throw new Error("The page has no #root element.");
createRoot(root).render(
  <StrictMode>
    {/* No beforeunload here: in Electron a held unload silently blocks closing the window, which main owns. */}
    <UnsavedChangesProvider>
      <App bridge={bridgeFromWindow()} />
    </UnsavedChangesProvider>
  </StrictMode>,
);
