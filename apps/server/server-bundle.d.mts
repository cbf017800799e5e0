import type { BuildResult } from "esbuild";

export function bundleServer(options: { outfile: string; sourcemap?: boolean }): Promise<BuildResult>;

export function serverBundleFiles(outfile: string): { launcher: string; body: string; all: string[] };

export const SERVER_EXTERNAL: readonly string[];
