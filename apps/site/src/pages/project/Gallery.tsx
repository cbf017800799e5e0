import type { ProjectPicture } from "@portfolio/core/domain";
import { fallbackSrc, pictureSrcSet } from "@portfolio/ui";

/**
 * How wide each picture is drawn, for the browser's choice from `srcset`: the first across the page's
 * column (56rem less its padding), the rest two to a row from 40rem up.
 */
export const FIRST_SIZES = "(min-width: 56rem) 53rem, calc(100vw - 2rem)";
const REST_SIZES = "(min-width: 56rem) 26rem, (min-width: 40rem) calc(50vw - 2.5rem), calc(100vw - 2rem)";

/**
 * A project's pictures in the order the owner gave them. Width and height are the original's, so the
 * browser reserves each picture's box before its bytes arrive (nothing moves: CLS 0). The first is the
 * largest thing on the page: loaded at once and first; the rest only as they come near the screen.
 */
export function Gallery({ pictures, title }: { pictures: readonly ProjectPicture[]; title: string }) {
  if (pictures.length === 0) return null;
  return (
    <section aria-label={`Pictures of ${title}`} className="project-gallery" data-testid="project-gallery">
      {pictures.map((picture, index) => (
        <figure key={picture.hash} className={index === 0 ? "project-figure-first" : "project-figure"}>
          <picture>
            <source
              type="image/avif"
              srcSet={pictureSrcSet(picture, "avif")}
              sizes={index === 0 ? FIRST_SIZES : REST_SIZES}
            />
            <source
              type="image/webp"
              srcSet={pictureSrcSet(picture, "webp")}
              sizes={index === 0 ? FIRST_SIZES : REST_SIZES}
            />
            <img
              src={fallbackSrc(picture)}
              alt={picture.alt}
              width={picture.width}
              height={picture.height}
              loading={index === 0 ? "eager" : "lazy"}
              fetchPriority={index === 0 ? "high" : undefined}
              decoding={index === 0 ? undefined : "async"}
              className="project-picture"
              data-hash={picture.hash}
            />
          </picture>
          {picture.caption ? <figcaption className="project-caption">{picture.caption}</figcaption> : null}
        </figure>
      ))}
    </section>
  );
}
