import { describe, expect, it } from "vitest";
import {
  DARK_MODE_KEY,
  type KeyValueStorage,
  PRE_PAINT_SCRIPT,
  parseDarkMode,
  readDarkMode,
  serializeDarkMode,
  writeDarkMode,
} from "./dark-mode.ts";

function memoryStorage(initial: Record<string, string> = {}): KeyValueStorage & { data: Record<string, string> } {
  const data = { ...initial };
  return {
    data,
    getItem: (key) => data[key] ?? null,
    setItem: (key, value) => {
      data[key] = value;
    },
  };
}

/** Runs the inline <head> script against a fake document and storage; answers whether `dark` is set. */
function runPrePaint(stored: string | null, throwing = false): boolean {
  const classes = new Set<string>(["dark"]);
  const documentStub = {
    documentElement: {
      classList: { toggle: (name: string, on: boolean) => (on ? classes.add(name) : classes.delete(name)) },
    },
  };
  const storage = {
    getItem: (key: string) => {
      if (throwing) throw new Error("blocked");
      return key === DARK_MODE_KEY ? stored : null;
    },
  };
  new Function("localStorage", "document", PRE_PAINT_SCRIPT)(storage, documentStub);
  return classes.has("dark");
}

describe("dark mode storage (spec section 4)", () => {
  it("defaults to on when nothing is stored or the value is unreadable", () => {
    expect(parseDarkMode(null)).toBe(true);
    expect(parseDarkMode(undefined)).toBe(true);
    expect(parseDarkMode("not json")).toBe(true);
    expect(parseDarkMode('"yes"')).toBe(true);
  });

  it("stores a JSON boolean under darkMode", () => {
    const storage = memoryStorage();
    writeDarkMode(storage, false);
    expect(storage.data).toEqual({ darkMode: "false" });
    expect(readDarkMode(storage)).toBe(false);
    writeDarkMode(storage, true);
    expect(storage.data.darkMode).toBe(serializeDarkMode(true));
    expect(readDarkMode(storage)).toBe(true);
  });

  it("survives storage that throws", () => {
    const broken: KeyValueStorage = {
      getItem: () => {
        throw new Error("denied");
      },
      setItem: () => {
        throw new Error("denied");
      },
    };
    expect(readDarkMode(broken)).toBe(true);
    expect(() => writeDarkMode(broken, false)).not.toThrow();
    expect(readDarkMode(undefined)).toBe(true);
  });

  it("the pre-paint script applies the same rules as parseDarkMode", () => {
    for (const stored of [null, "true", "false", "garbage", '"false"', "0"]) {
      expect(runPrePaint(stored)).toBe(parseDarkMode(stored));
    }
    expect(runPrePaint(null, true)).toBe(true);
  });
});
