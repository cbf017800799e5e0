/** The cat of the day's own fallback illustrations, static SVG files (apps/server/resources/cats). */
import type { RequestHandler } from "express";

export function catFallbackHandler(files: ReadonlyMap<string, Buffer>): RequestHandler {
  return (req, res) => {
    const svg = files.get(String(req.params.file));
    if (!svg) {
      res.status(404).json({ error: "No such fallback cat image." });
      return;
    }
    res.set({
      "Content-Type": "image/svg+xml",
      "Cache-Control": "public, max-age=86400",
      // An SVG opened on its own is a document: let it run nothing.
      "Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'; sandbox",
    });
    res.send(svg);
  };
}
