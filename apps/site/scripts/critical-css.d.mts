export declare function trimCriticalCss(css: string): string;
export declare function criticalCss(dist: string): (html: string) => Promise<string>;
export declare function parkBelowFold(html: string): {
  html: string;
  count: number;
  restore: (processed: string) => string;
};
export declare const BELOW_FOLD_RULE: string;
