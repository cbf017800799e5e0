import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { root } from "./workspace.mjs";

const scripts: Record<string, string> = JSON.parse(readFileSync(join(root, "package.json"), "utf8")).scripts;
const node = (args: string[], env: NodeJS.ProcessEnv = process.env) =>
  spawnSync(process.execPath, args, { cwd: root, env, encoding: "utf8" });

describe("the README's commands on a machine with only Node and npm", () => {
  it("runs every root script through node (no script needs a global pnpm)", () => {
    for (const [name, command] of Object.entries(scripts)) {
      expect({ name, command: command.replace(/^UPDATE_ROUTES=1 /, "") }).toEqual({
        name,
        command: expect.stringMatching(/^node scripts\//),
      });
    }
  });

  it("falls back to pnpm 10 through npx when pnpm is not on the PATH", () => {
    const probe = "import('./scripts/workspace.mjs').then((m) => console.log(JSON.stringify(m.pnpm())))";
    // A PATH holding node alone (pnpm often sits in node's own folder).
    const bin = mkdtempSync(join(tmpdir(), "node-only-"));
    symlinkSync(process.execPath, join(bin, "node"));
    try {
      const result = node(["-e", probe], { ...process.env, PATH: bin });
      expect(JSON.parse(result.stdout)).toEqual(["npx", ["--yes", "pnpm@10"]]);
    } finally {
      rmSync(bin, { recursive: true, force: true });
    }
  });

  it("passes the command's exit status on", () => {
    expect(node(["scripts/with-install.mjs", "node", "-e", "process.exit(3)"]).status).toBe(3);
  });

  it("says how to use it when no command is given", () => {
    const result = node(["scripts/with-install.mjs"]);
    expect(result.status).toBe(2);
    expect(result.stderr).toContain("Usage: node scripts/with-install.mjs <pnpm|node|bin> [args...]");
  });
});
