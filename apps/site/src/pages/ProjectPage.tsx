import { slugOfProjectPath } from "@portfolio/core/domain";
import { useLocation } from "@portfolio/ui";
import { useEffect } from "react";
import { useProjectPageData } from "../lib/project-page-context.tsx";
import { documentProjectPageData } from "../lib/project-page-data.tsx";
import NotFoundPage from "./NotFoundPage.tsx";
import { ProjectView } from "./project/ProjectView.tsx";

/**
 * /projects/<slug>: the project this document was rendered for. A path with no such project is answered
 * with the 404 page, which this shows too; a history step within the app onto another project's address
 * loads that page's own document (each carries its data).
 */
export default function ProjectPage() {
  // Handed down by the server-side render; in the browser, read from this document's data block.
  const data = useProjectPageData() ?? documentProjectPageData();
  const { pathname } = useLocation();
  const slug = slugOfProjectPath(pathname);
  if (data && data.project.slug === slug) return <ProjectView data={data} />;
  if (data) return <LoadDocument />;
  return <NotFoundPage />;
}

function LoadDocument() {
  useEffect(() => {
    window.location.reload();
  }, []);
  return null;
}
