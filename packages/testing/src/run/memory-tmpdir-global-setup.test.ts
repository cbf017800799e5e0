/** The tests' temporary files live on a memory file system, where a SQLite commit waits for no disk. */
import { statfsSync } from "node:fs";
import { tmpdir } from "node:os";
import { expect, it } from "vitest";
import { memoryFolderHasRoom } from "./memory-tmpdir-global-setup.ts";

/** statfs's type of Linux's tmpfs. */
const TMPFS_MAGIC = 0x01021994;

it.runIf(memoryFolderHasRoom())(
  "puts the run's temporary folder on the memory file system, in a folder of its own",
  () => {
    expect(tmpdir()).toMatch(/^\/dev\/shm\/portfolio-tests-[^/]+$/);
    expect(statfsSync(tmpdir()).type).toBe(TMPFS_MAGIC);
  },
);

it("finds no room where there is no memory file system, so the system's folder is kept", () => {
  expect(memoryFolderHasRoom("/no/such/memory/folder")).toBe(false);
});
