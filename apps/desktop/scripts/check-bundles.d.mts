export function importedPackages(code: string): string[];
export function checkBundles(outDir: string): string[];
