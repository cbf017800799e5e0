import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { root } from "./workspace.mjs";

const ROOMS = ["packages/core/src/services/mail", "packages/ui/src/projects", "apps/site/src"];

/**
 * The import circles within the given folders, as `pnpm lint` reports them: the cruiser with the
 * repository's config, held to those folders (one run for all: the cruiser takes seconds to start).
 */
function circlesWithin(folders: string[]): string[][] {
  const result = spawnSync(
    join(root, "node_modules", ".bin", "depcruise"),
    [
      ...folders,
      "--config",
      ".dependency-cruiser.cjs",
      "--include-only",
      `^(${folders.join("|")})/`,
      "--output-type",
      "json",
      "--no-cache",
    ],
    { cwd: root, encoding: "utf8" },
  );
  if (!result.stdout) throw new Error(`depcruise printed nothing: ${result.stderr}`);
  const report: { summary: { violations: { rule: { name: string }; cycle?: { name: string }[] }[] } } = JSON.parse(
    result.stdout,
  );
  return report.summary.violations
    .filter((v) => v.rule.name === "no-circular")
    .map((v) => (v.cycle ?? []).map((step) => step.name));
}

describe("rooms freed of their import circles (docs/design.md section 8)", () => {
  let circles: string[][] = [];
  beforeAll(() => {
    circles = circlesWithin(ROOMS);
  }, 60_000);
  const inRoom = (room: string) => circles.filter((cycle) => cycle.some((file) => file.startsWith(`${room}/`)));

  it("core's mail has none (the queue's message type was the mailer's, and the mailer wraps the queue)", () => {
    expect(inRoom("packages/core/src/services/mail")).toEqual([]);
  });

  it("the ui's project cards have none (the card's actions took their props type from the card)", () => {
    expect(inRoom("packages/ui/src/projects")).toEqual([]);
  });

  it("the site's admin route and page list have none (each named the other)", () => {
    expect(inRoom("apps/site/src").filter((cycle) => cycle.some((file) => file.includes("/routes/")))).toEqual([]);
  });

  it("the site's project list hook and its paged list have none (each used the other)", () => {
    expect(inRoom("apps/site/src").filter((cycle) => cycle.some((file) => file.includes("projects")))).toEqual([]);
  });

  it("the site has no other", () => {
    expect(inRoom("apps/site/src")).toEqual([]);
  });
});
