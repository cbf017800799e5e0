/** Placeholder for the playlist shuffler (a later issue builds the tool); its own lazily loaded chunk. */
import { ShuffleIcon } from "@portfolio/ui";
import { PageShell } from "./PageShell.tsx";

export default function PlaylistShufflerPage() {
  return (
    <PageShell>
      <div className="rounded-2xl border border-slate-200 bg-white p-8 text-center shadow-sm dark:border-slate-800 dark:bg-slate-900">
        <span className="mx-auto mb-4 flex size-14 items-center justify-center rounded-2xl bg-indigo-100 text-indigo-700 dark:bg-indigo-950 dark:text-indigo-300">
          <ShuffleIcon size={28} />
        </span>
        <h1 className="text-3xl font-bold tracking-tight text-slate-900 dark:text-white">Playlist Shuffler</h1>
        <p className="mt-3 text-slate-600 dark:text-slate-400">
          A proper shuffle for any public YouTube playlist is coming soon.
        </p>
      </div>
    </PageShell>
  );
}
