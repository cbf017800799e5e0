#!/usr/bin/env -S node --max-semi-space-size=2 --min-semi-space-size=2
/**
 * dist/main.js, the `portfolio-server` bin (built as CommonJS, which Node starts without its ES module
 * loader): runs the server bundle beside it (src/main.ts, built by server-bundle.mjs) with its V8 code cache
 * (code-cache.ts). The shebang flags are SERVER_NODE_FLAGS of node-flags.mjs; a test keeps the two equal.
 */
import { fileURLToPath } from "node:url";
import { requireBundle, runBundle } from "./code-cache.ts";

/** The bundle's file name, beside this one (server-bundle.mjs defines it). */
declare const SERVER_BODY_FILE: string;
/** The SHA-256 (hex) of the bundle the build wrote, when it is ASCII; empty otherwise (server-bundle.mjs). */
declare const SERVER_BODY_ASCII_SHA256: string;

/** Long enough for a start to have compiled what it uses; a process that ends sooner writes it as it exits. */
const SAVE_AFTER_MS = 5_000;

const bundle = fileURLToPath(new URL(SERVER_BODY_FILE, import.meta.url));
if (process.sourceMapsEnabled) requireBundle(bundle);
else {
  const loaded = runBundle(bundle, `${bundle}.v8-cache`, SERVER_BODY_ASCII_SHA256 || undefined);
  if (loaded.cache !== "used") {
    // Once per build: later starts (the next instances of a rolling restart) read it.
    setTimeout(loaded.saveCache, SAVE_AFTER_MS).unref();
    process.once("exit", loaded.saveCache);
  }
}
