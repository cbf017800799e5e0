/**
 * The small picture beside each entry of the editor's picture list. On the web it is the server's own
 * 480 px WebP variant (the site is served with the API). The desktop app provides its own way
 * (`PictureThumbProvider`): a picture added on the computer shows from its bytes there, one from the server
 * through the server while online, and otherwise a plain sentence instead of a broken image.
 */
import { mediaPath, type ProjectPicture } from "@portfolio/core/domain";
import { type ComponentType, createContext, type ReactNode, useContext } from "react";

export type PictureThumbComponent = ComponentType<{ picture: ProjectPicture }>;

const PictureThumbContext = createContext<PictureThumbComponent | null>(null);

export function PictureThumbProvider({ thumb, children }: { thumb: PictureThumbComponent; children: ReactNode }) {
  return <PictureThumbContext.Provider value={thumb}>{children}</PictureThumbContext.Provider>;
}

/** The drawn height of a thumbnail 96 px wide, so its box is reserved before it loads. */
export function thumbHeight(picture: Pick<ProjectPicture, "width" | "height">): number {
  return Math.max(1, Math.round((96 * picture.height) / picture.width));
}

export const THUMB_CLASSES = "h-auto w-24 rounded object-cover";

export function PictureThumb({ picture }: { picture: ProjectPicture }) {
  const Provided = useContext(PictureThumbContext);
  if (Provided) return <Provided picture={picture} />;
  return (
    <img
      src={mediaPath(picture.hash, { width: 480, format: "webp" })}
      alt=""
      width={96}
      height={thumbHeight(picture)}
      className={THUMB_CLASSES}
    />
  );
}
