/** Reading a backup's lines with a cap on one line's size, before the line is held whole. */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { afterAll, describe, expect, it } from "vitest";
import { MAX_BACKUP_LINE_BYTES, readBackupLines } from "./backup-lines.ts";

const dir = mkdtempSync(join(tmpdir(), "portfolio-backup-lines-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

let counter = 0;
function gzipFile(content: Buffer | string): string {
  const file = join(dir, `f${++counter}.gz`);
  writeFileSync(file, gzipSync(content));
  return file;
}

async function collect(file: string, maxLineBytes?: number): Promise<{ number: number; text: string }[]> {
  const lines: { number: number; text: string }[] = [];
  for await (const line of readBackupLines(file, maxLineBytes)) lines.push(line);
  return lines;
}

describe("readBackupLines", () => {
  it("yields each line with its number, without the newline, and a last line that has none", async () => {
    const file = gzipFile("first\n\nthird “quoted”\nlast");
    expect(await collect(file)).toEqual([
      { number: 1, text: "first" },
      { number: 2, text: "" },
      { number: 3, text: "third “quoted”" },
      { number: 4, text: "last" },
    ]);
  });

  it("joins a line that spans many gzip chunks", async () => {
    const long = "x".repeat(200_000);
    expect(await collect(gzipFile(`a\n${long}\nb\n`))).toEqual([
      { number: 1, text: "a" },
      { number: 2, text: long },
      { number: 3, text: "b" },
    ]);
  });

  it("accepts a line of exactly the cap and refuses one byte more, naming its line", async () => {
    const file = gzipFile(`${"a".repeat(10)}\nb\n${"c".repeat(11)}\nd\n`);
    await expect(collect(file, 10)).rejects.toThrow(
      "Line 3 is longer than 10 bytes: this is not a backup this version wrote; nothing was restored.",
    );
  });

  it("refuses a last line without a newline that passes the cap", async () => {
    await expect(collect(gzipFile(`ok\n${"z".repeat(11)}`), 10)).rejects.toThrow(
      "Line 2 is longer than 10 bytes: this is not a backup this version wrote; nothing was restored.",
    );
  });

  it("states the default cap in megabytes", async () => {
    expect(MAX_BACKUP_LINE_BYTES).toBe(8 * 1024 * 1024);
    const file = gzipFile(Buffer.alloc(MAX_BACKUP_LINE_BYTES + 1, 0x61));
    await expect(collect(file)).rejects.toThrow(
      "Line 1 is longer than 8 MB: this is not a backup this version wrote; nothing was restored.",
    );
  });

  it("refuses bytes that are not UTF-8, naming the line", async () => {
    const file = gzipFile(Buffer.concat([Buffer.from("fine\n"), Buffer.from([0x7b, 0xff, 0xfe, 0x7d, 0x0a])]));
    await expect(collect(file)).rejects.toThrow(
      "Line 2 is not UTF-8 text: this is not a backup this version wrote; nothing was restored.",
    );
  });

  it("refuses a file that is not gzip", async () => {
    const file = join(dir, "plain.txt");
    writeFileSync(file, "just text");
    await expect(collect(file)).rejects.toThrow(
      "The backup file is corrupted or truncated (incorrect header check); nothing was restored.",
    );
  });

  it("refuses a file that does not exist", async () => {
    const file = join(dir, "missing.gz");
    await expect(collect(file)).rejects.toThrow(`Cannot read the backup file ${file}: it does not exist.`);
  });
});
