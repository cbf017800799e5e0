import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { restoreNodeBuild, setAsideNodeBuild, sqliteBinaryPath } from "./native-sqlite.mjs";

let dir: string;
let binary: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "portfolio-native-"));
  binary = join(dir, "better_sqlite3.node");
  writeFileSync(binary, "node-abi build");
});
afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

describe("keeping Node's better-sqlite3 build across packaging", () => {
  it("puts Node's build back after the Electron rebuild replaced it", () => {
    setAsideNodeBuild(binary);
    writeFileSync(binary, "electron-abi build");
    expect(restoreNodeBuild(binary)).toBe(true);
    expect(readFileSync(binary, "utf8")).toBe("node-abi build");
    expect(existsSync(`${binary}.node-abi`)).toBe(false);
  });

  it("never saves an Electron build over Node's when packing a second arch", () => {
    setAsideNodeBuild(binary);
    writeFileSync(binary, "electron-abi build");
    setAsideNodeBuild(binary);
    restoreNodeBuild(binary);
    expect(readFileSync(binary, "utf8")).toBe("node-abi build");
  });

  it("does nothing when nothing was set aside", () => {
    expect(restoreNodeBuild(binary)).toBe(false);
    expect(readFileSync(binary, "utf8")).toBe("node-abi build");
  });

  it("finds the installed better-sqlite3 build", () => {
    expect(existsSync(sqliteBinaryPath())).toBe(true);
  });
});
