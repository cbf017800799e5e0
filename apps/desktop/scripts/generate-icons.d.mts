export const ICON_SIZES: number[];
export const WINDOW_ICON_SIZE: number;
export function generateIcons(svgPath: string, outDir: string): string[];
