/**
 * Vitest global setup: the run's temporary files (every test's SQLite file, its outbox and key files, the
 * PostgreSQL cluster's data folder) go to a folder of their own on a memory file system (Linux's /dev/shm),
 * removed at the end. SQLite commits with synchronous=FULL and so waits for the disk at every commit: on a
 * disk those waits were most of a route test's time while the CPU sat idle (docs/testing.md). Nothing a test
 * checks depends on the data surviving a power cut. Where there is no /dev/shm, or it has less room than a run
 * writes (a container's default is 64 MB), the system's folder is kept.
 *
 * Workers and the processes the tests start inherit TMPDIR, so os.tmpdir() is that folder everywhere.
 */
import { chmodSync, existsSync, mkdtempSync, rmSync, statfsSync } from "node:fs";
import { join } from "node:path";

/** Linux's memory file system, writable by every user. */
const MEMORY_FOLDER = "/dev/shm";

/** Room a whole run may take there: test databases, picture files, a PostgreSQL cluster or two. */
export const MEMORY_ROOM_BYTES = 2 * 1024 ** 3;

/** Whether the memory file system has the room a run takes. */
export function memoryFolderHasRoom(folder = MEMORY_FOLDER): boolean {
  if (process.platform !== "linux" || !existsSync(folder)) return false;
  const { bavail, bsize } = statfsSync(folder);
  return bavail * bsize >= MEMORY_ROOM_BYTES;
}

export default function setup(): (() => void) | undefined {
  if (!memoryFolderHasRoom()) return undefined;
  let dir: string;
  try {
    dir = mkdtempSync(join(MEMORY_FOLDER, "portfolio-tests-"));
    // As /tmp is: the PostgreSQL cluster runs as another user (postgres, when the tests run as root).
    chmodSync(dir, 0o1777);
  } catch {
    return undefined;
  }
  const previous = process.env.TMPDIR;
  process.env.TMPDIR = dir;
  return () => {
    if (previous === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = previous;
    rmSync(dir, { recursive: true, force: true });
  };
}
