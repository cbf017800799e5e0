/** A video's thumbnail, or a neutral placeholder when it has none or it does not load: never a broken image. */
import { cx, PlayIcon } from "@portfolio/ui";
import { useState } from "react";

export interface ThumbnailProps {
  /** The image address; empty when the video has none. */
  src: string;
  width: number;
  height: number;
  /** Size and shape, shared by the image and its placeholder. */
  className: string;
  /** For the list's rows: load when near the view, decode off the main thread. */
  lazy?: boolean;
}

export function Thumbnail({ src, width, height, className, lazy = false }: ThumbnailProps) {
  // The address that failed (a reused list row gets a new address, and a new chance).
  const [failed, setFailed] = useState<string | null>(null);
  if (src === "" || failed === src) {
    return (
      <span
        className={cx(
          "flex items-center justify-center bg-slate-200 text-slate-500 dark:bg-slate-800 dark:text-slate-400",
          className,
        )}
        data-testid="thumbnail-placeholder"
      >
        <PlayIcon size={Math.round(height / 3)} />
      </span>
    );
  }
  return (
    <img
      src={src}
      alt=""
      width={width}
      height={height}
      loading={lazy ? "lazy" : undefined}
      decoding={lazy ? "async" : undefined}
      onError={() => setFailed(src)}
      className={cx("bg-slate-200 object-cover dark:bg-slate-800", className)}
      data-testid="thumbnail"
    />
  );
}
