/** The published contract, generated once per process from the registry. */
import { apiDocsPage } from "../domain/operations/api-docs-page.ts";
import { openApiDocument } from "../domain/operations/openapi.ts";
import type { Handlers } from "./context.ts";

let document: Record<string, unknown> | undefined;
let page: string | undefined;

export const metaHandlers: Pick<Handlers, "meta.openapi" | "meta.docs"> = {
  "meta.openapi": async () => {
    document ??= openApiDocument();
    return document;
  },
  "meta.docs": async () => {
    document ??= openApiDocument();
    page ??= apiDocsPage(document);
    return page;
  },
};
