/**
 * The public project list served from memory: GET /api/projects is the hottest call. Writes through this
 * server invalidate at once; writes by another instance are noticed through the revision counter, which is
 * re-read at most once per second.
 */
import { createHash } from "node:crypto";
import type { Core } from "@portfolio/core/services";
import { listProjects, projectsRevision } from "@portfolio/core/services";

export interface CachedList {
  body: Buffer;
  etag: string;
}

export class ProjectsCache {
  private entry: (CachedList & { revision: number }) | undefined;
  private checkedAt = 0;
  private loading: Promise<CachedList> | undefined;
  /** Bumped by invalidate(), so a load that started before a write cannot store the old list after it. */
  private generation = 0;

  constructor(
    private readonly core: Core,
    private readonly recheckMs = 1000,
  ) {}

  invalidate(): void {
    this.entry = undefined;
    this.loading = undefined;
    this.generation++;
  }

  get(): CachedList | Promise<CachedList> {
    const fresh = this.entry && Date.now() - this.checkedAt < this.recheckMs;
    if (fresh && this.entry) return this.entry;
    if (!this.loading) {
      const loading = this.load(this.generation).finally(() => {
        if (this.loading === loading) this.loading = undefined;
      });
      this.loading = loading;
    }
    return this.loading;
  }

  private async load(generation: number): Promise<CachedList> {
    const revision = await projectsRevision(this.core.db);
    if (this.entry && this.entry.revision === revision) {
      this.checkedAt = Date.now();
      return this.entry;
    }
    const body = Buffer.from(JSON.stringify({ projects: await listProjects(this.core.db) }));
    const entry = { body, etag: `"${createHash("sha1").update(body).digest("base64url")}"`, revision };
    if (generation === this.generation) {
      this.entry = entry;
      this.checkedAt = Date.now();
    }
    return entry;
  }
}
