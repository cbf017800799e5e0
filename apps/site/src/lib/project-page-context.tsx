/**
 * The project page's data as the server-side render hands it down (entry-server.tsx); in the browser the
 * project page reads its document's data block itself (project-page-data.tsx), so no other page carries that code.
 */
import { createContext, type ReactNode, useContext } from "react";
import type { ProjectPageData } from "./project-page-data.tsx";

const ProjectPageContext = createContext<ProjectPageData | null>(null);

export function ProjectPageProvider({ value, children }: { value: ProjectPageData | null; children: ReactNode }) {
  return <ProjectPageContext.Provider value={value}>{children}</ProjectPageContext.Provider>;
}

/** The data of the project page this document was rendered as, or null (any other page). */
export function useProjectPageData(): ProjectPageData | null {
  return useContext(ProjectPageContext);
}
