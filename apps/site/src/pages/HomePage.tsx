import { HOME_MESSAGES, lastSeenWorkingOn, type Project } from "@portfolio/core/domain";
import { FloatingButtons, PERMISSION_ALERTS, ProjectsSection, useAuth } from "@portfolio/ui";
import { lazy, Suspense, useCallback, useEffect, useState } from "react";
import { useInitialData } from "../lib/initial-data.tsx";
import { useSiteSettings } from "../lib/site-profile.ts";
import { useProjects } from "../lib/use-projects.ts";
import { birthDateOf, SITE_SETTINGS } from "../settings/site-settings.ts";
import { AgeLine } from "./home/AgeLine.tsx";
import { ContactLinks } from "./home/ContactLinks.tsx";
import { Footer } from "./home/Footer.tsx";
import { HeroTitle } from "./home/HeroTitle.tsx";
import { LastSeenBadge } from "./home/LastSeenBadge.tsx";
import { WidgetChooser } from "./home/LazyWidgetChooser.tsx";
import { useHighlight } from "./home/use-highlight.ts";

/** The edit modal and delete confirmation: a chunk of their own, fetched when an editor first needs them. */
const ProjectDialogs = lazy(() => import("./home/ProjectDialogs.tsx"));
/** Shown only when the live list fails or an edit does: fetched then. */
const Alert = lazy(() => import("@portfolio/ui/components/Alert.tsx").then((module) => ({ default: module.Alert })));

export default function HomePage() {
  const settings = useSiteSettings();
  const { builtAt } = useInitialData();
  const { can } = useAuth();
  const { projects, randomOrder, status, serverError, reload, paged, sortBy, loadMore } = useProjects();
  const [widgetsOpen, setWidgetsOpen] = useState(false);
  const [highlightedId, highlight] = useHighlight();
  const [editError, setEditError] = useState<string | null>(null);
  const [editing, setEditing] = useState<Project | null>(null);
  const [deleting, setDeleting] = useState<Project | null>(null);
  // A paged list holds only some projects: the server names the one over the whole list.
  const lastSeen = lastSeenWorkingOn(paged ? (paged.lastSeen ? [paged.lastSeen as Project] : []) : projects);
  const canEdit = can("projects.editOnHome");

  // A paged list may not hold the latest project yet: the Status sort puts it first, then it is highlighted.
  const [seeking, setSeeking] = useState<string | null>(null);
  const showLastSeen = (id: string) => {
    if (!paged || projects.some((p) => p._id === id)) return highlight(id);
    if (id === paged.latestId) {
      setSeeking(id);
      sortBy("status");
    }
  };
  useEffect(() => {
    if (seeking && projects.some((p) => p._id === seeking)) {
      setSeeking(null);
      highlight(seeking);
    }
  }, [seeking, projects, highlight]);

  // The tab title names the owner too (the route table holds the default name).
  useEffect(() => {
    if (settings.ownerName !== SITE_SETTINGS.ownerName)
      document.title = document.title.replaceAll(SITE_SETTINGS.ownerName, settings.ownerName);
  }, [settings.ownerName]);

  // A button the viewer may not use says why beside it, never in a browser alert.
  const [refusal, setRefusal] = useState<{ projectId: string; text: string } | null>(null);
  const unavailable = {
    edit: can("projects.edit") ? undefined : PERMISSION_ALERTS.edit,
    delete: can("projects.delete") ? undefined : PERMISSION_ALERTS.delete,
  };
  const onEdit = (project: Project) =>
    can("projects.edit") ? setEditing(project) : setRefusal({ projectId: project._id, text: PERMISSION_ALERTS.edit });
  const onDelete = (project: Project) =>
    can("projects.delete")
      ? setDeleting(project)
      : setRefusal({ projectId: project._id, text: PERMISSION_ALERTS.delete });
  const closeDialogs = useCallback(() => {
    setEditing(null);
    setDeleting(null);
  }, []);
  const onChanged = useCallback(() => {
    setEditError(null);
    reload();
  }, [reload]);

  const editorBanner = canEdit ? (serverError ?? editError) : null;

  return (
    <div className="relative flex min-h-dvh flex-col overflow-x-clip">
      <Backdrop />
      <FloatingButtons left="auth" calendar admin />
      <main id="main" className="relative flex-1">
        <section className="mx-auto flex min-h-[88dvh] max-w-4xl flex-col items-center justify-center px-6 pt-24 pb-16 text-center">
          <LastSeenBadge
            title={lastSeen.title}
            onActivate={lastSeen.projectId ? () => showLastSeen(lastSeen.projectId as string) : undefined}
          />
          <div className="mt-8">
            <HeroTitle name={settings.ownerName} onWidgetDot={() => setWidgetsOpen(true)} />
          </div>
          <AgeLine birthDate={birthDateOf(settings)} builtAt={builtAt} />
          <p className="mx-auto mt-2 max-w-2xl text-base text-slate-600 dark:text-slate-400">{settings.tagline}</p>
          <ContactLinks settings={settings} />
        </section>
        {/* data-projects: whether the live list (or the fallback after a failure) is in; tests wait for it. */}
        <div className="mx-auto max-w-5xl px-6 pb-24" data-projects={status}>
          <ProjectsSection
            projects={projects}
            randomOrder={randomOrder}
            paging={paged && { ...paged, onSort: sortBy, onLoadMore: loadMore }}
            highlightedId={highlightedId}
            onEdit={canEdit ? onEdit : undefined}
            onDelete={canEdit ? onDelete : undefined}
            // Only the editor's card buttons use it: a visitor's memoised cards get the same props every render.
            unavailable={canEdit ? unavailable : undefined}
            refusal={refusal}
            notice={
              <Suspense fallback={null}>
                {status === "failed" ? (
                  <Alert tone="warning" className="mb-5" testId="projects-error">
                    {HOME_MESSAGES.databaseFailed}
                  </Alert>
                ) : null}
                {editorBanner ? (
                  <Alert tone="error" className="mb-5" testId="projects-editor-error">
                    {editorBanner}
                  </Alert>
                ) : null}
              </Suspense>
            }
          />
        </div>
      </main>
      <Footer settings={settings} builtAt={builtAt} />
      <WidgetChooser open={widgetsOpen} onClose={() => setWidgetsOpen(false)} />
      {canEdit && (editing || deleting) ? (
        <Suspense fallback={null}>
          <ProjectDialogs
            editing={editing}
            deleting={deleting}
            onClose={closeDialogs}
            onChanged={onChanged}
            onError={setEditError}
          />
        </Suspense>
      ) : null}
    </div>
  );
}

/** Soft colour glows behind the hero; pure CSS, no images. */
function Backdrop() {
  return <div aria-hidden="true" className="hero-glow pointer-events-none absolute inset-x-0 top-0 -z-10 h-[44rem]" />;
}
