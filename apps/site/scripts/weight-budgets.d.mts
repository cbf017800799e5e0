export interface PageScripts {
  page: string;
  manifest: "site" | "overlay";
  keys: string[];
}
export interface MeasuredPage {
  page: string;
  files: string[];
  gzip: number;
}
export type Manifest = Record<string, { file: string; imports?: string[] }>;
export declare const BUDGETS_FILE: string;
export declare function chunkFiles(manifest: Manifest, keys: readonly string[]): string[];
export declare function pagesOf(routePaths: readonly string[]): PageScripts[];
export declare function measurePages(
  pages: readonly PageScripts[],
  manifests: Record<"site" | "overlay", Manifest>,
  read: (file: string) => Promise<Uint8Array>,
): Promise<MeasuredPage[]>;
export declare function kb(bytes: number): string;
export declare function overBudget(measured: readonly MeasuredPage[], budgets: Record<string, number>): string[];
export declare function checkWeights(options: {
  dist: string;
  pages: readonly PageScripts[];
  budgets: Record<string, number>;
  log?: (line: string) => void;
}): Promise<MeasuredPage[]>;
export declare function readBudgets(file: string): Promise<Record<string, number>>;
