export function sqliteBinaryPath(): string;
export function setAsideNodeBuild(binary?: string): void;
export function restoreNodeBuild(binary?: string): boolean;
export function rebuildSqliteForElectron(arch: string): Promise<void>;
