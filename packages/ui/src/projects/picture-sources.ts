/**
 * The `<picture>` sources of a project picture, from the variants its width says exist (core's
 * `pictureVariants`), so a page builds them without asking the server: the project page's gallery and the
 * home page's cards (the cover, small).
 */
import {
  mediaPath,
  type PictureFormat,
  type PictureWidth,
  type ProjectPicture,
  pictureVariants,
  variantPixelWidth,
} from "@portfolio/core/domain";

type Sized = Pick<ProjectPicture, "hash" | "width">;

/**
 * `srcset` for one format: the variants that exist, smallest first, up to `upTo` px, each named by the width
 * its file really has (a variant is never wider than the original).
 */
export function pictureSrcSet(picture: Sized, format: PictureFormat, upTo = Number.POSITIVE_INFINITY): string {
  const widths = pictureVariants(picture);
  const kept = widths.filter((width) => width <= upTo);
  return (kept.length > 0 ? kept : widths.slice(0, 1))
    .map((width) => `${mediaPath(picture.hash, { width, format })} ${variantPixelWidth(picture, width)}w`)
    .join(", ");
}

/** The `<img src>` for a browser that reads no `srcset`: the WebP variant nearest below `near` px wide. */
export function fallbackSrc(picture: Sized, near: PictureWidth = 960): string {
  const widths = pictureVariants(picture);
  const width = widths.filter((w) => w <= near).at(-1) ?? (widths[0] as PictureWidth);
  return mediaPath(picture.hash, { width, format: "webp" });
}

/** The drawn size of a variant, for `width`/`height` attributes that reserve its box before it loads. */
export function variantSize(picture: Pick<ProjectPicture, "width" | "height">, width: PictureWidth) {
  const drawn = variantPixelWidth(picture, width);
  return { width: drawn, height: Math.max(1, Math.round((picture.height * drawn) / picture.width)) };
}
