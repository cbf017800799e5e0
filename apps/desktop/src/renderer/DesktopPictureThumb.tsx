/**
 * The editor's picture thumbnail in the desktop app (packages/ui picture-thumb.tsx): main answers
 * `desktop.picture` with the picture as a data: URL (its bytes kept on this computer, or the server's
 * variant fetched while online) or with nothing, and then the editor says so in a plain sentence. A picture
 * added here and not yet uploaded says that it waits for the next sync, or why the server refused it.
 */
import type { ProjectPicture } from "@portfolio/core/domain";
import { PictureThumbProvider, THUMB_CLASSES, thumbHeight } from "@portfolio/ui/projects/picture-thumb.tsx";
import { createContext, type ReactNode, useContext, useEffect, useMemo, useState } from "react";
import type { EditorPicture } from "../shared/desktop-operations.ts";
import type { DesktopClient } from "./desktop-client.ts";

export const PICTURE_NOT_HERE = "This picture is not on this computer. It shows when the app is online.";
export const PICTURE_WAITS = "Waits on this computer: sent to the server at the next sync.";
/** The server's own reason, then what the owner can do about it. */
export const pictureRefused = (reason: string) =>
  `The server refused this picture: ${reason} Remove it to send this project's other changes.`;

const PictureSource = createContext<{ client: DesktopClient; online: boolean } | null>(null);

/** The editor's thumbnails through main; `online` changing asks again (the server's pictures show online). */
export function DesktopPictures({
  client,
  online,
  children,
}: {
  client: DesktopClient;
  online: boolean;
  children: ReactNode;
}) {
  const source = useMemo(() => ({ client, online }), [client, online]);
  return (
    <PictureSource.Provider value={source}>
      <PictureThumbProvider thumb={DesktopPictureThumb}>{children}</PictureThumbProvider>
    </PictureSource.Provider>
  );
}

function DesktopPictureThumb({ picture }: { picture: ProjectPicture }) {
  const source = useContext(PictureSource);
  const [shown, setShown] = useState<EditorPicture | "loading">("loading");
  useEffect(() => {
    if (!source) return;
    let live = true;
    source.client.call("desktop.picture", { hash: picture.hash }).then(
      (answer) => live && setShown(answer),
      () => live && setShown({ src: null, pending: false, refused: null }),
    );
    return () => {
      live = false;
    };
  }, [source, picture.hash]);
  if (shown === "loading") return <div className="w-24" style={{ height: thumbHeight(picture) }} aria-hidden />;
  return (
    <div className="w-24 text-xs text-slate-600 dark:text-slate-400">
      {shown.src ? (
        <img src={shown.src} alt="" width={96} height={thumbHeight(picture)} className={THUMB_CLASSES} />
      ) : (
        <p data-testid="picture-not-here">{PICTURE_NOT_HERE}</p>
      )}
      {shown.refused !== null ? (
        <p className="mt-1 text-red-700 dark:text-red-300" role="alert" data-testid="picture-refused">
          {pictureRefused(shown.refused)}
        </p>
      ) : shown.pending ? (
        <p className="mt-1" data-testid="picture-pending">
          {PICTURE_WAITS}
        </p>
      ) : null}
    </div>
  );
}
