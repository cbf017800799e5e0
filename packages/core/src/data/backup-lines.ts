/**
 * The lines of a backup file (gzip NDJSON), read in chunks with a cap on one line's size.
 *
 * A crafted file can hold one endless line: 600 KB of gzip unpack to 600 MB of one byte. A line reader that
 * collects a line whole before looking at its length would hold all of it (and crash on V8's string limit),
 * so this reader counts the bytes of the line in progress and refuses it once it passes the cap, having
 * held at most the cap plus one chunk. The gunzip stream is pulled chunk by chunk, so it never inflates
 * more than it is asked for.
 */
import { createReadStream } from "node:fs";
import { createGunzip } from "node:zlib";
import { BackupError } from "./backup-error.ts";

/**
 * The longest line a restore accepts, in bytes of UTF-8. The largest legitimate row holds the stored result
 * of one sync op or one request body (at most 4 MB for a whole sync push, 100 KB for any other request),
 * and JSON quoting rarely more than doubles text; 8 MB leaves room to spare.
 */
export const MAX_BACKUP_LINE_BYTES = 8 * 1024 * 1024;

const NEWLINE = 0x0a;

export interface BackupLine {
  /** 1-based, as an editor counts lines. */
  number: number;
  text: string;
}

function describeBytes(bytes: number): string {
  return bytes % (1024 * 1024) === 0 ? `${bytes / (1024 * 1024)} MB` : `${bytes} bytes`;
}

/** The lines of `file`, without their newline; a gzip or read error becomes a BackupError. */
export async function* readBackupLines(file: string, maxLineBytes = MAX_BACKUP_LINE_BYTES): AsyncGenerator<BackupLine> {
  const input = createReadStream(file);
  const gunzip = createGunzip();
  // A read error ends the gzip stream with that error, which the loop below then throws.
  input.on("error", (error) => gunzip.destroy(error));
  input.pipe(gunzip);
  // Invalid UTF-8 is refused rather than silently replaced: a backup this program wrote is always valid.
  const decoder = new TextDecoder("utf-8", { fatal: true });
  const decode = (bytes: Buffer, number: number): string => {
    try {
      return decoder.decode(bytes);
    } catch {
      throw new BackupError(`Line ${number} is not UTF-8 text: this is not a backup this version wrote; nothing was restored.`);
    }
  };
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  let number = 1;
  try {
    for await (const chunk of gunzip as AsyncIterable<Buffer>) {
      let start = 0;
      for (let end = chunk.indexOf(NEWLINE); end !== -1; end = chunk.indexOf(NEWLINE, start)) {
        if (pendingBytes + end - start > maxLineBytes) break;
        const piece = chunk.subarray(start, end);
        const line = pending.length === 0 ? piece : Buffer.concat([...pending, piece]);
        pending = [];
        pendingBytes = 0;
        yield { number, text: decode(line, number) };
        number++;
        start = end + 1;
      }
      const rest = chunk.subarray(start);
      if (pendingBytes + rest.length > maxLineBytes) {
        throw new BackupError(
          `Line ${number} is longer than ${describeBytes(maxLineBytes)}: this is not a backup this version wrote; nothing was restored.`,
        );
      }
      if (rest.length > 0) {
        pending.push(rest);
        pendingBytes += rest.length;
      }
    }
    if (pendingBytes > 0) yield { number, text: decode(Buffer.concat(pending), number) };
  } catch (error) {
    if (error instanceof BackupError) throw error;
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "ENOENT") throw new BackupError(`Cannot read the backup file ${file}: it does not exist.`);
    throw new BackupError(`The backup file is corrupted or truncated (${(error as Error).message}); nothing was restored.`);
  } finally {
    input.destroy();
    gunzip.destroy();
  }
}
