/** The site's ApiClient: HTTP against VITE_API_BASE (build-time; '' = the page's own origin). */
import { type ApiClient, HttpApiClient } from "@portfolio/ui";

export const API_BASE: string = import.meta.env.VITE_API_BASE ?? "";

export function createApiClient(): ApiClient {
  return new HttpApiClient({ baseUrl: API_BASE });
}
