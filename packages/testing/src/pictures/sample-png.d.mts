export declare function samplePng(options: { width: number; height: number; seed?: number }): Buffer;
