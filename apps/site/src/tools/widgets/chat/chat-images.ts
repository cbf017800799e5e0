/**
 * Pictures drawn in chat lines (emotes, badges), each built and decoded once per address and cloned for
 * every line that shows it: a clone shares the decoded picture, so a busy chat never decodes the same emote
 * twice. Bounded (least recently used out), so a stream of hours never grows it.
 */

const MAX_PICTURES = 400;

export class PictureCache {
  private readonly pictures = new Map<string, HTMLImageElement>();

  /** A new <img> for `src` (alt and title set by the caller). */
  image(src: string, srcSet: string | undefined, className: string, width?: number, height?: number): HTMLImageElement {
    let proto = this.pictures.get(src);
    if (proto) {
      // Most recently used goes last.
      this.pictures.delete(src);
    } else {
      proto = document.createElement("img");
      proto.className = className;
      proto.decoding = "async";
      if (width && height) {
        proto.width = width;
        proto.height = height;
      }
      if (srcSet) proto.srcset = srcSet;
      proto.src = src;
      if (this.pictures.size >= MAX_PICTURES) {
        const oldest = this.pictures.keys().next().value;
        if (oldest !== undefined) this.pictures.delete(oldest);
      }
    }
    this.pictures.set(src, proto);
    return proto.cloneNode(false) as HTMLImageElement;
  }

  get size(): number {
    return this.pictures.size;
  }
}
