/**
 * A push written by a plain TCP client that keeps sending its body whatever the server answers, the way
 * curl or a desktop's fetch does: what it reads back is the answer a real client would see, or the reset
 * that would have hidden it.
 */
import { connect } from "node:net";

export interface SlowPushOutcome {
  /** The status line's code, or 0 when no answer was read. */
  status: number;
  /** The answer's body as text ("" when none was read). */
  body: string;
  /** The socket error the client met (ECONNRESET, EPIPE), if any. */
  error?: string;
}

/**
 * Announces `bodyBytes` of JSON and writes them in `chunkBytes` pieces, waiting for each write to drain
 * (and `pauseMs` between pieces), without ever stopping to look at the answer.
 */
export function slowPush(
  url: string,
  headers: Record<string, string>,
  { bodyBytes, chunkBytes = 64 * 1024, pauseMs = 0 }: { bodyBytes: number; chunkBytes?: number; pauseMs?: number },
): Promise<SlowPushOutcome> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = connect(Number(port), hostname);
    const received: Buffer[] = [];
    let error: string | undefined;
    let settled = false;
    const finish = () => {
      if (settled) return;
      settled = true;
      const text = Buffer.concat(received).toString("latin1");
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1] ?? 0);
      const body = text.includes("\r\n\r\n") ? text.slice(text.indexOf("\r\n\r\n") + 4) : "";
      socket.destroy();
      resolve({ status, body, ...(error ? { error } : {}) });
    };
    socket.on("data", (part: Buffer) => {
      received.push(part);
      // The whole answer is in once its announced length has arrived.
      const text = Buffer.concat(received).toString("latin1");
      const head = text.indexOf("\r\n\r\n");
      const length = Number(/\r\ncontent-length: (\d+)/i.exec(text)?.[1] ?? Number.NaN);
      if (head >= 0 && Buffer.byteLength(text.slice(head + 4), "latin1") >= length && written >= bodyBytes) finish();
    });
    socket.on("error", (e: NodeJS.ErrnoException) => {
      error = e.code ?? e.message;
      finish();
    });
    socket.on("close", finish);
    const head = [
      "POST /api/sync/push HTTP/1.1",
      `Host: ${hostname}:${port}`,
      "Content-Type: application/json",
      `Content-Length: ${bodyBytes}`,
      ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`),
      "",
      "",
    ].join("\r\n");
    let written = 0;
    const chunk = Buffer.alloc(chunkBytes, " ");
    const writeMore = () => {
      if (settled) return;
      if (written >= bodyBytes) {
        // Everything is sent: an answer already read is complete now.
        socket.emit("data", Buffer.alloc(0));
        return;
      }
      const piece = chunk.subarray(0, Math.min(chunkBytes, bodyBytes - written));
      written += piece.length;
      const drained = socket.write(piece);
      const next = () => (pauseMs > 0 ? setTimeout(writeMore, pauseMs) : setImmediate(writeMore));
      if (drained) next();
      else socket.once("drain", next);
    };
    socket.write(head, writeMore);
  });
}
