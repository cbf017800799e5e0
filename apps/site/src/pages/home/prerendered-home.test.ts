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
    expect(html).not.toContain('data-testid="project-card"');
    expect(html).not.toContain('data-testid="projects-hint"');
    expect(html).toMatch(/<p data-testid="last-seen-badge"[^>]*>/);
    expect(html).toContain("something exciting");
  });

  it("with projects, shows their cards in the build's random order and the hover hint", async () => {
    const { FALLBACK_PROJECTS } = await import("@portfolio/core/domain");
    const order = FALLBACK_PROJECTS.map((p) => p._id).reverse();
    const html = await render("/", { projects: [...FALLBACK_PROJECTS], order, builtAt: "2026-11-01T00:00:00.000Z" });
    const shown = [...html.matchAll(/<article id="project-([^"]+)" data-testid="project-card"/g)].map((m) => m[1]);
    expect(shown).toEqual(order);
    expect(html).toContain("hover a card to see its stack.");
    expect(html).toMatch(/<button[^>]*data-testid="last-seen-badge"/);
  });
});
