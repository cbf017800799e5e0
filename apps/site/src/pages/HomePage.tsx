import { lastSeenWorkingOn, MESSAGES, type Project } from "@portfolio/core/domain";
import { Alert, errorMessage, FloatingButtons, ProjectsSection, useAuth } from "@portfolio/ui";
import { useState } from "react";
import { useInitialData } from "../lib/initial-data.tsx";
import { useProjects } from "../lib/use-projects.ts";
import { birthDateOf, SITE_SETTINGS } from "../settings/site-settings.ts";
import { AgeLine } from "./home/AgeLine.tsx";
import { ContactLinks } from "./home/ContactLinks.tsx";
import { Footer } from "./home/Footer.tsx";
import { HeroTitle } from "./home/HeroTitle.tsx";
import { LastSeenBadge } from "./home/LastSeenBadge.tsx";
import { useHighlight } from "./home/use-highlight.ts";
import { WidgetChooser } from "./home/WidgetChooser.tsx";

export default function HomePage() {
  const settings = SITE_SETTINGS;
  const { builtAt } = useInitialData();
  const { can, api } = useAuth();
  const { projects, randomOrder, status, serverError, reload } = useProjects();
  const [widgetsOpen, setWidgetsOpen] = useState(false);
  const [highlightedId, highlight] = useHighlight();
  const [editError, setEditError] = useState<string | null>(null);
  const lastSeen = lastSeenWorkingOn(projects);
  const canEdit = can("website:projects:edit");

  const onDelete = async (project: Project) => {
    if (!window.confirm(`Are you sure you want to delete "${project.title}"?`)) return;
    try {
      await api.deleteProject(project._id);
      setEditError(null);
      reload();
    } catch (error) {
      const message = errorMessage(error, "Failed to delete project", "Error deleting project");
      setEditError(message);
      window.alert(message);
    }
  };

  const editorBanner = canEdit ? (serverError ?? editError) : null;

  return (
    <div className="relative flex min-h-dvh flex-col overflow-x-clip">
      <Backdrop />
      <FloatingButtons left="auth" calendar admin />
      <main id="main" className="relative flex-1">
        <section className="mx-auto flex min-h-[88dvh] max-w-4xl flex-col items-center justify-center px-6 pt-24 pb-16 text-center">
          <LastSeenBadge
            title={lastSeen.title}
            onActivate={lastSeen.projectId ? () => highlight(lastSeen.projectId as string) : undefined}
          />
          <div className="mt-8">
            <HeroTitle name={settings.ownerName} onWidgetDot={() => setWidgetsOpen(true)} />
          </div>
          <AgeLine birthDate={birthDateOf(settings)} builtAt={builtAt} />
          <p className="mx-auto mt-2 max-w-2xl text-base text-slate-600 dark:text-slate-400">{settings.tagline}</p>
          <ContactLinks settings={settings} />
        </section>
        <div className="mx-auto max-w-5xl px-6 pb-24">
          <ProjectsSection
            projects={projects}
            randomOrder={randomOrder}
            highlightedId={highlightedId}
            onDelete={canEdit ? onDelete : undefined}
            notice={
              <>
                {status === "failed" ? (
                  <Alert tone="warning" className="mb-5" testId="projects-error">
                    {MESSAGES.databaseFailed}
                  </Alert>
                ) : null}
                {editorBanner ? (
                  <Alert tone="error" className="mb-5" testId="projects-editor-error">
                    {editorBanner}
                  </Alert>
                ) : null}
              </>
            }
          />
        </div>
      </main>
      <Footer settings={settings} builtAt={builtAt} />
      <WidgetChooser open={widgetsOpen} onClose={() => setWidgetsOpen(false)} />
    </div>
  );
}

/** Soft colour glows behind the hero; pure CSS, no images. */
function Backdrop() {
  return <div aria-hidden="true" className="hero-glow pointer-events-none absolute inset-x-0 top-0 -z-10 h-[44rem]" />;
}
