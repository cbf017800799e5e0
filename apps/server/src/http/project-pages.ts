/**
 * Project pages the server renders itself: `/projects/<slug>` for every project in the database, so a project
 * saved after the export was built has its page at once, and the export's page of one edited since is
 * never served stale. The page comes from the prerender's own bundle in the export (`.render/`, written by
 * apps/site's prerender.mjs) filled into its project page template: the same components, template and head
 * tags as the exported files, so a static host and the server agree.
 *
 * Each page is kept until the project list changes (its content revision: the public list's ETag, which
 * every project write moves) or the owner's name does. An old slug answers 301 to the current one; an
 * unknown slug goes on to the export's 404 page. `/projects/<slug>/card-<key>.png` is the page's share card,
 * drawn on first request and cached for good (its key names everything drawn on it).
 */
import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { type Project, slugOfProjectPath } from "@portfolio/core/domain";
import { renderShareCard, type ShareCardInput } from "@portfolio/core/pages/share-card";
import { getSiteProfile, mediaAnswer, resolveSlug } from "@portfolio/core/services";
import type { NextFunction, Request, Response } from "express";
import type { AppContext } from "../app-context.ts";
import { publicProjectList } from "./public-reads/public-reads.ts";

/** What the server uses of the export's render bundle (apps/site/src/entry-server.tsx). */
interface RenderBundle {
  renderProjectPage(input: {
    template: string;
    project: Project;
    projects: readonly Project[];
    siteUrl: string;
    siteName: string;
  }): Promise<string>;
  projectCardPath(project: Project, siteName: string): string;
  projectShareCard(project: Project, siteName: string): Omit<ShareCardInput, "cover"> & { coverHash?: string };
}

interface Renderer {
  bundle: RenderBundle;
  template: string;
}

const CARD_PATH = /^\/projects\/([a-z0-9]+(?:-[a-z0-9]+)*)\/card-[0-9a-f]{16}\.png$/;
/** Share cards kept in memory (about 50-100 kB each). */
const MAX_CARDS = 64;

/** The cover's original from the database, for the share card (undefined: drawn without it). */
async function coverBytes(context: AppContext, hash: string): Promise<Uint8Array | undefined> {
  const original = await mediaAnswer(context.core.db, hash);
  return original.kind === "bytes" ? original.bytes : undefined;
}

export function projectPages(context: AppContext) {
  const renderDir = join(context.config.siteDir, ".render");
  const siteUrl = new URL(context.config.publicUrl).origin;
  let renderer: Promise<Renderer | null> | undefined;
  let list: { etag: string; projects: Project[] } | undefined;
  let pages = new Map<string, string>();
  let pagesEtag = "";
  const cards = new Map<string, Buffer>();

  /** The export's bundle and template, loaded on first use; null without them (an export without pages). */
  const loadRenderer = () => {
    renderer ??= (async () => {
      const bundleFile = join(renderDir, "entry-server.mjs");
      const templateFile = join(renderDir, "project-page.html");
      if (!existsSync(bundleFile) || !existsSync(templateFile)) {
        context.log(`No project page renderer in ${renderDir}: project pages come from the export alone.`);
        return null;
      }
      const bundle = (await import(pathToFileURL(bundleFile).href)) as RenderBundle;
      return { bundle, template: await readFile(templateFile, "utf8") };
    })();
    return renderer;
  };

  const currentList = async () => {
    const { body, etag } = await publicProjectList(context);
    if (list?.etag !== etag)
      list = { etag, projects: (JSON.parse(body.toString("utf8")) as { projects: Project[] }).projects };
    return list;
  };

  const page = async (res: Response, next: NextFunction, slug: string) => {
    const { etag, projects } = await currentList();
    const project = projects.find((p) => p.slug === slug);
    if (!project) {
      const found = await resolveSlug(context.core.db, slug);
      if (found && found.slug !== slug) return res.redirect(301, `/projects/${found.slug}`);
      return next();
    }
    const loaded = await loadRenderer();
    if (!loaded) return next();
    const siteName = (await getSiteProfile(context.core.db)).ownerName;
    if (etag !== pagesEtag) {
      pages = new Map();
      pagesEtag = etag;
    }
    const key = `${siteName}\n${slug}`;
    let html = pages.get(key);
    if (html === undefined) {
      html = await loaded.bundle.renderProjectPage({ template: loaded.template, project, projects, siteUrl, siteName });
      pages.set(key, html);
    }
    res.status(200).set("Cache-Control", "no-cache").type("html").send(html);
  };

  const card = async (req: Request, res: Response, next: NextFunction, slug: string) => {
    const { projects } = await currentList();
    const project = projects.find((p) => p.slug === slug);
    const loaded = project ? await loadRenderer() : null;
    if (!project || !loaded) return next();
    const siteName = (await getSiteProfile(context.core.db)).ownerName;
    // Only the current card is drawn; an older key is the export's file or nothing.
    if (loaded.bundle.projectCardPath(project, siteName) !== req.path) return next();
    let png = cards.get(req.path);
    if (!png) {
      const { coverHash, ...drawn } = loaded.bundle.projectShareCard(project, siteName);
      const cover = coverHash ? await coverBytes(context, coverHash) : undefined;
      png = await renderShareCard({ ...drawn, ...(cover ? { cover } : {}) });
      if (cards.size >= MAX_CARDS) cards.delete(cards.keys().next().value as string);
      cards.set(req.path, png);
    }
    res.status(200).set("Cache-Control", "public, max-age=31536000, immutable").type("png").send(png);
  };

  return (req: Request, res: Response, next: NextFunction) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    const cardSlug = CARD_PATH.exec(req.path)?.[1];
    const slug = cardSlug ? null : slugOfProjectPath(req.path);
    if (!cardSlug && !slug) return next();
    const answer = cardSlug ? card(req, res, next, cardSlug) : page(res, next, slug as string);
    answer.catch(next);
  };
}
