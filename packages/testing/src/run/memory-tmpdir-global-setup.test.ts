/** The tests' temporary files live on a memory file system, where a SQLite commit waits for no disk. */
import { existsSync, statfsSync } from "node:fs";
import { tmpdir } from "node:os";
import { expect, it } from "vitest";

/** statfs's type of Linux's tmpfs. */
const TMPFS_MAGIC = 0x01021994;

it.runIf(process.platform === "linux" && existsSync("/dev/shm"))(
  "puts the run's temporary folder on the memory file system, in a folder of its own",
  () => {
    expect(tmpdir()).toMatch(/^\/dev\/shm\/portfolio-tests-[^/]+$/);
    expect(statfsSync(tmpdir()).type).toBe(TMPFS_MAGIC);
  },
);
