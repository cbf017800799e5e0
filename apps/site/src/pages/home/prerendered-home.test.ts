/**
 * The home page as the static export writes it (the prerender's own render function), for an export built
 * against a server (PRERENDER_API_URL) whose project list is empty: the HTML holds the empty state, so no
 * placeholder cards show before the live list (also empty) arrives.
 */
import { describe, expect, it } from "vitest";
import { render } from "../../entry-server.tsx";

describe("the prerendered home page with no projects", () => {
  it("shows the empty state, no cards, no hint, and a badge that is not a button", async () => {
    const html = await render("/", { projects: [], order: [], builtAt: "2026-11-01T00:00:00.000Z" });
    expect(html).toContain("No projects to show yet. Check back soon!");
    expect(html).not.toContain("<article");
    expect(html).not.toContain('data-testid="projects-hint"');
    expect(html).toMatch(/<p data-testid="last-seen-badge"[^>]*>/);
    expect(html).toContain("something exciting");
  });

  it("with projects, shows their cards in the build's random order and the hover hint", async () => {
    const { FALLBACK_PROJECTS } = await import("@portfolio/core/domain");
    const order = FALLBACK_PROJECTS.map((p) => p._id).reverse();
    const html = await render("/", { projects: [...FALLBACK_PROJECTS], order, builtAt: "2026-11-01T00:00:00.000Z" });
    const shown = [...html.matchAll(/<article id="project-([^"]+)"/g)].map((m) => m[1]);
    expect(shown).toEqual(order);
    expect(html).toContain("hover a card to see its stack.");
    expect(html).toMatch(/<button[^>]*data-testid="last-seen-badge"/);
  });
});

describe("the prerendered home page of a site too large to send whole", () => {
  it("shows the first screenful in the build's Random order, the whole list's count and a way to load more", async () => {
    const { FALLBACK_PROJECTS } = await import("@portfolio/core/domain");
    const first = FALLBACK_PROJECTS.slice(0, 12);
    const latest = FALLBACK_PROJECTS.find((p) => p.isLatest);
    const html = await render("/", {
      projects: first,
      order: first.map((p) => p._id),
      builtAt: "2026-11-01T00:00:00.000Z",
      paging: {
        seed: 42,
        next: "eyJzb3J0IjoicmFuZG9tIn0",
        total: 3200,
        latestId: latest?._id ?? null,
        lastSeen: { _id: "not-on-this-page", title: "A project further down" },
      },
    });
    const shown = [...html.matchAll(/<article id="project-([^"]+)"/g)].map((m) => m[1]);
    expect(shown).toEqual(first.map((p) => p._id));
    // React marks the joints of adjacent text parts with empty comments.
    const text = html.replaceAll("<!-- -->", "");
    expect(text).toContain("3200 projects, ");
    expect(text).toContain("12 of 3200 projects shown.");
    expect(text).toContain("Load more projects");
    expect(text).toContain("A project further down");
  });
});
