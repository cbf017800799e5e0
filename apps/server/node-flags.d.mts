/** Types for node-flags.mjs (plain JS so the root scripts can import it without a build). */
export declare const SERVER_NODE_FLAGS: readonly string[];
