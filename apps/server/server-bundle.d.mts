import type { BuildResult } from "esbuild";

export function bundleServer(options: { outfile: string; sourcemap?: boolean }): Promise<BuildResult>;

export const SERVER_EXTERNAL: readonly string[];
