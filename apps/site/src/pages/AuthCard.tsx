import { FloatingButtons } from "@portfolio/ui";
import type { ReactNode } from "react";

/** Centered card layout shared by the login, reset and activation screens. */
export function AuthCard({ title, subtitle, children }: { title: string; subtitle?: ReactNode; children: ReactNode }) {
  return (
    <div className="relative flex min-h-dvh flex-col">
      <FloatingButtons left="home" />
      <main id="main" className="flex flex-1 items-center justify-center px-4 pt-24 pb-12">
        <div className="w-full max-w-md">
          <div className="rounded-2xl border border-slate-200 bg-white/90 p-7 shadow-xl shadow-slate-900/5 backdrop-blur sm:p-8 dark:border-slate-800 dark:bg-slate-900/80 dark:shadow-black/30">
            <h1 className="text-2xl font-bold tracking-tight text-slate-900 dark:text-white">{title}</h1>
            {subtitle ? <p className="mt-1.5 text-sm text-slate-600 dark:text-slate-400">{subtitle}</p> : null}
            <div className="mt-6">{children}</div>
          </div>
        </div>
      </main>
    </div>
  );
}
