import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { type FuseConfig, FuseV1Options, flipFuses, getCurrentFuseWire } from "@electron/fuses";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

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
  electronFuses?: Record<string, boolean>;
}

const fromBuilder = createRequire(createRequire(import.meta.url).resolve("electron-builder"));

/** electron-builder's own loader and schema validator (from app-builder-lib, which it depends on). */
async function loadAndValidate(): Promise<BuilderConfig> {
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

/**
 * The fuses as they end up in a packaged binary. The Electron binary cannot be downloaded here, so the
 * packaged one is stood in for by a file laid out as Electron's is around its fuse wire (the sentinel, the
 * wire's version and length, one byte per fuse, each at Electron 45's default), which electron-builder's
 * own code turns the config into flips and @electron/fuses writes, as `electron-builder --linux` would.
 */
describe("Electron Fuses of the packaged app", () => {
  /** The marker Electron's build puts before the fuse wire, and @electron/fuses looks for. */
  const SENTINEL = "dL7pKGdnNz796PbbjQWNKmHXBZaB9tsX";
  const ON = "1".charCodeAt(0);
  const OFF = "0".charCodeAt(0);
  const ELECTRON_DEFAULTS = "10110001";
  let config: BuilderConfig;
  let dir: string;
  let wire: Awaited<ReturnType<typeof getCurrentFuseWire>>;

  beforeAll(async () => {
    config = await loadAndValidate();
    const { PlatformPackager } = fromBuilder("app-builder-lib");
    const fuses: FuseConfig = await PlatformPackager.prototype.generateFuseConfig.call(null, config.electronFuses);
    dir = mkdtempSync(join(tmpdir(), "portfolio-fuses-"));
    const binary = join(dir, "portfolio");
    const wireBytes = Buffer.from([1, ELECTRON_DEFAULTS.length, ...Buffer.from(ELECTRON_DEFAULTS)]);
    writeFileSync(binary, Buffer.concat([Buffer.from("\x7fELF"), Buffer.from(SENTINEL), wireBytes]));
    await flipFuses(binary, fuses);
    wire = await getCurrentFuseWire(binary);
  });

  afterAll(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it("cannot be run as plain Node through ELECTRON_RUN_AS_NODE", () => {
    expect(wire[FuseV1Options.RunAsNode]).toBe(OFF);
  });

  it("ignores NODE_OPTIONS and NODE_EXTRA_CA_CERTS", () => {
    expect(wire[FuseV1Options.EnableNodeOptionsEnvironmentVariable]).toBe(OFF);
  });

  it("ignores --inspect and SIGUSR1", () => {
    expect(wire[FuseV1Options.EnableNodeCliInspectArguments]).toBe(OFF);
  });

  it("encrypts its cookie store with the OS keychain", () => {
    expect(wire[FuseV1Options.EnableCookieEncryption]).toBe(ON);
  });

  it("loads its code only from app.asar", () => {
    expect(wire[FuseV1Options.OnlyLoadAppFromAsar]).toBe(ON);
  });

  it("checks app.asar against its embedded hash", () => {
    expect(wire[FuseV1Options.EnableEmbeddedAsarIntegrityValidation]).toBe(ON);
  });

  it("gives file:// pages no extra privileges", () => {
    expect(wire[FuseV1Options.GrantFileProtocolExtraPrivileges]).toBe(OFF);
  });

  it("sets every fuse @electron/fuses knows, so none is left to Electron's default", () => {
    expect(Object.keys(config.electronFuses ?? {})).toHaveLength(
      Object.values(FuseV1Options).filter((value) => typeof value === "number").length,
    );
  });
});
