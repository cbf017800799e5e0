export declare function trimCriticalCss(css: string): string;
export declare function criticalCss(dist: string): (html: string) => Promise<string>;
