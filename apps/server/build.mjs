// `pnpm build` for the server: dist/main.js (see server-bundle.mjs).
import { fileURLToPath } from "node:url";
import { bundleServer } from "./server-bundle.mjs";

await bundleServer({ outfile: fileURLToPath(new URL("./dist/main.js", import.meta.url)), sourcemap: true });
