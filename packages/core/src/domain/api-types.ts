/** Shapes of the HTTP answers (spec section 7), shared by the server, the ApiClient and tests. */
import type { Project } from "./projects.ts";
import type { RoleKey } from "./roles.ts";

export interface SessionUser {
  _id: string;
  username: string;
  permissions: string[];
}

export interface AdminUser {
  _id: string;
  username: string;
  email: string;
  permissions: string[];
  isActive: boolean;
  createdAt: string;
}

export interface RoleView {
  name: string;
  description: string;
  permissions: string[];
  color: string;
}

export type RolesAnswer = Record<RoleKey, RoleView>;

export interface ProjectsAnswer {
  projects: Project[];
  error?: string;
}
