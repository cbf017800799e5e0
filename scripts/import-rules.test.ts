import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { root } from "./workspace.mjs";

/** One finding of the cruiser, as its JSON report gives it. */
type Violation = { rule: { name: string }; from: string; to: string };

/** Runs the cruiser with the repository's own config (as `pnpm lint` does) over a tree of files in a temp folder. */
function cruise(files: Record<string, string>): Violation[] {
  const dir = mkdtempSync(join(tmpdir(), "import-rules-"));
  try {
    for (const [path, text] of Object.entries(files)) {
      mkdirSync(dirname(join(dir, path)), { recursive: true });
      writeFileSync(join(dir, path), text);
    }
    const result = spawnSync(
      join(root, "node_modules", ".bin", "depcruise"),
      ["packages", "apps", "--config", join(root, ".dependency-cruiser.cjs"), "--output-type", "json", "--no-cache"],
      { cwd: dir, encoding: "utf8" },
    );
    if (!result.stdout) throw new Error(`depcruise printed nothing: ${result.stderr}`);
    const report: { summary: { violations: Violation[] } } = JSON.parse(result.stdout);
    return report.summary.violations.map(({ rule, from, to }) => ({ rule: { name: rule.name }, from, to }));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const violation = (rule: string, from: string, to: string): Violation => ({ rule: { name: rule }, from, to });

describe("the import rules of .dependency-cruiser.cjs", () => {
  let found: Violation[] = [];
  beforeAll(() => {
    found = cruise({
      // A circle held only by type imports.
      "packages/core/src/mail/queue.ts":
        'import type { Mailer } from "./mailer.ts";\nexport type Queue = { mailer: Mailer };\n',
      "packages/core/src/mail/mailer.ts":
        'import type { Queue } from "./queue.ts";\nexport type Mailer = { queue?: Queue };\n',
      "packages/core/src/uses-app.ts":
        'import { port } from "../../../apps/server/src/config.ts";\nexport const p = port;\n',
      "apps/server/src/config.ts": "export const port = 1;\n",
      "apps/server/src/boot.ts": 'import { fakeSmtp } from "./test/fake-smtp.ts";\nexport const smtp = fakeSmtp;\n',
      "apps/server/src/test/fake-smtp.ts": "export const fakeSmtp = 1;\n",
      "apps/site/src/main.ts": 'import { port } from "../../server/src/config.ts";\nexport const p = port;\n',
    });
  }, 60_000);

  it("reports a circle of imports, type-only imports included, as no-circular", () => {
    // The cruiser names the circle once, from whichever of its files it reached first.
    const circles = found.filter((v) => v.rule.name === "no-circular").map((v) => [v.from, v.to].sort());
    expect(circles).toEqual([["packages/core/src/mail/mailer.ts", "packages/core/src/mail/queue.ts"]]);
  });

  it("reports a package importing an app's file as packages-not-to-apps", () => {
    expect(found).toContainEqual(
      violation("packages-not-to-apps", "packages/core/src/uses-app.ts", "apps/server/src/config.ts"),
    );
  });

  it("reports product code importing test code as product-not-to-test", () => {
    expect(found).toContainEqual(
      violation("product-not-to-test", "apps/server/src/boot.ts", "apps/server/src/test/fake-smtp.ts"),
    );
  });

  it("reports an app importing another app's file as no-cross-app", () => {
    expect(found).toContainEqual(violation("no-cross-app", "apps/site/src/main.ts", "apps/server/src/config.ts"));
  });

  it("passes a tree that keeps the rooms one way: apps on packages, tests on product code and shared test support, which may start an app", () => {
    const clean = cruise({
      "packages/core/src/rules.ts": "export const rule = 1;\n",
      // The tests' support package starts the real server app: the one package above the apps.
      "packages/testing/src/server.ts":
        'import { rule } from "../../core/src/rules.ts";\nimport { port } from "../../../apps/server/src/config.ts";\nexport const server = [rule, port];\n',
      "apps/server/src/config.ts":
        'import type { Rule } from "../../../packages/core/src/types.ts";\nexport const port: Rule = 1;\n',
      "packages/core/src/types.ts": "export type Rule = number;\n",
      "apps/server/src/test/fake-smtp.ts": 'import { port } from "../config.ts";\nexport const fakeSmtp = port;\n',
      "apps/server/src/config.test.ts":
        'import { server } from "../../../packages/testing/src/server.ts";\nimport { fakeSmtp } from "./test/fake-smtp.ts";\nexport const all = [server, fakeSmtp];\n',
      "apps/site/e2e/home.e2e.ts":
        'import { server } from "../../../packages/testing/src/server.ts";\nimport { rule } from "../../../packages/core/src/rules.ts";\nexport const all = [server, rule];\n',
    });
    expect(clean).toEqual([]);
  }, 60_000);
});
