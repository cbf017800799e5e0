export declare const REPO_ROOT: string;
export declare const SERVER_MAIN: string;
export declare const SITE_DIST: string;
export declare const OWNER: { username: string; email: string; password: string };
export interface RealServer {
  baseUrl: string;
  port: number;
  dir: string;
  outboxDir: string;
  pid: number | undefined;
  stop(): Promise<void>;
}
export declare function startRealServer(options?: {
  env?: Record<string, string>;
  log?: (line: string) => void;
  timeoutMs?: number;
  /** "localhost": served as http://localhost:<port> (passkeys need a host name, not an IP address). */
  hostname?: string;
}): Promise<RealServer>;
