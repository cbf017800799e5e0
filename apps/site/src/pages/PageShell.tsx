import { FloatingButtons } from "@portfolio/ui";
import type { ReactNode } from "react";

/** A simple content page with the home and dark-mode buttons. */
export function PageShell({ children, wide = false }: { children: ReactNode; wide?: boolean }) {
  return (
    <div className="relative flex min-h-dvh flex-col">
      <FloatingButtons left="home" />
      <main id="main" className={`mx-auto w-full flex-1 px-4 pt-24 pb-16 sm:px-6 ${wide ? "max-w-5xl" : "max-w-3xl"}`}>
        {children}
      </main>
    </div>
  );
}
