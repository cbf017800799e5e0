import { existsSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { beforeAll, describe, expect, it } from "vitest";

const packageDir = dirname(dirname(fileURLToPath(import.meta.url)));

interface BuilderConfig {
  appId?: string;
  productName?: string;
  npmRebuild?: boolean;
  asarUnpack?: string[];
  beforePack?: string;
  afterPack?: string;
  linux?: { target?: string[]; icon?: string };
  win?: { target?: string[]; icon?: string };
  mac?: { target?: string[]; icon?: string };
}

/** electron-builder's own loader and schema validator (from app-builder-lib, which it depends on). */
async function loadAndValidate(): Promise<BuilderConfig> {
  const fromBuilder = createRequire(createRequire(import.meta.url).resolve("electron-builder"));
  const { getConfig, validateConfiguration } = fromBuilder("app-builder-lib/out/util/config/config");
  const { DebugLogger } = fromBuilder("builder-util");
  const config = await getConfig(packageDir, resolve(packageDir, "electron-builder.yml"), null);
  await validateConfiguration(config, new DebugLogger(false));
  return config;
}

describe("electron-builder.yml", () => {
  let config: BuilderConfig;
  beforeAll(async () => {
    config = await loadAndValidate();
  });

  it("passes electron-builder's own schema validation", () => {
    expect(config.appId).toBe("dev.portfolio.desktop");
    expect(config.productName).toBe("Portfolio");
  });

  it("packages Linux AppImage and deb, Windows NSIS and macOS dmg", () => {
    expect(config.linux?.target).toEqual(["AppImage", "deb"]);
    expect(config.win?.target).toEqual(["nsis"]);
    expect(config.mac?.target).toEqual(["dmg"]);
  });

  it("rebuilds better-sqlite3 itself for Electron and unpacks it from the asar archive", () => {
    expect(config.npmRebuild).toBe(false);
    expect(config.asarUnpack).toContain("**/node_modules/better-sqlite3/**");
    expect(existsSync(resolve(packageDir, config.beforePack ?? ""))).toBe(true);
    expect(existsSync(resolve(packageDir, config.afterPack ?? ""))).toBe(true);
  });

  it("takes its icons from resources/, where the generator writes them", () => {
    expect(existsSync(resolve(packageDir, config.linux?.icon ?? "", "512x512.png"))).toBe(true);
    expect(existsSync(resolve(packageDir, config.win?.icon ?? ""))).toBe(true);
    expect(existsSync(resolve(packageDir, config.mac?.icon ?? ""))).toBe(true);
  });
});
