/**
 * The pictures of chat lines (emotes and badges) as CSS classes, one stylesheet rule per picture, added the
 * first time it is drawn. A line then holds an empty <span> of that class: no <img> to request, decode and
 * size per line (each <img> went through the resource fetcher on its own, about half a millisecond per
 * picture), one decoded picture shared by every line. Animated pictures animate only while painted: a hidden
 * source paints nothing (widgets.css). The line builder bounds it (chat-line.ts), releasing pictures no
 * longer drawn, so a stream of hours never grows it.
 */

/** A CSS string: quotes, backslashes and line breaks escaped, so an address can never end the rule. */
export function cssString(value: string): string {
  return `"${value.replace(/["\\\n\r\f]/g, (c) => `\\${c.charCodeAt(0).toString(16)} `)}"`;
}

/** `a 2x, b 3x` (an <img> srcset) as the entries of CSS image-set(). */
export function imageSetEntries(src: string, srcSet: string | undefined): string {
  const entries = [`url(${cssString(src)}) 1x`];
  for (const match of (srcSet ?? "").matchAll(/(\S+)\s+(\d+(?:\.\d+)?)x/g)) {
    entries.push(`url(${cssString(match[1] as string)}) ${match[2]}x`);
  }
  return entries.join(", ");
}

export interface EmotePicture {
  src: string;
  srcSet?: string;
  /** At 1x, when known; otherwise measured once from the picture itself. */
  width?: number;
  height?: number;
}

interface Rule {
  className: string;
  rule: CSSStyleRule;
}

export class EmoteSheet {
  private readonly sheet = new CSSStyleSheet();
  private readonly rules = new Map<string, Rule>();
  private readonly fixed = new Set<string>();
  private next = 0;

  constructor(private readonly document: Document) {
    document.adoptedStyleSheets = [...document.adoptedStyleSheets, this.sheet];
  }

  /** The class that draws `picture` (its rule added on first use). */
  classFor(picture: EmotePicture): string {
    const known = this.rules.get(picture.src);
    if (known) return known.className;
    const className = `ce${(this.next++).toString(36)}`;
    const ratio = picture.width && picture.height ? `${picture.width} / ${picture.height}` : "1";
    const index = this.sheet.insertRule(
      `.${className}{background-image:image-set(${imageSetEntries(picture.src, picture.srcSet)});aspect-ratio:${ratio}}`,
      this.sheet.cssRules.length,
    );
    const rule = this.sheet.cssRules[index] as CSSStyleRule;
    this.rules.set(picture.src, { className, rule });
    if (!(picture.width && picture.height)) this.measure(picture.src, rule);
    return className;
  }

  /** A rule that is not a picture of its own (a badge's look), added once under `key`. */
  ruleOnce(key: string, cssText: string): void {
    if (this.fixed.has(key)) return;
    this.fixed.add(key);
    this.sheet.insertRule(cssText, 0);
  }

  get size(): number {
    return this.rules.size;
  }

  destroy(): void {
    this.document.adoptedStyleSheets = this.document.adoptedStyleSheets.filter((sheet) => sheet !== this.sheet);
    this.rules.clear();
  }

  /** A picture of unknown size (BTTV, Twitch) keeps a square until loaded once, then its own shape. */
  private measure(src: string, rule: CSSStyleRule): void {
    const probe = new Image();
    probe.decoding = "async";
    probe.onload = () => {
      const { naturalWidth: width, naturalHeight: height } = probe;
      if (width && height && width !== height && this.rules.get(src)?.rule === rule) {
        rule.style.aspectRatio = `${width} / ${height}`;
      }
    };
    probe.src = src;
  }

  /** Drops the rule of a picture no line shows any more. */
  release(src: string): void {
    const known = this.rules.get(src);
    if (!known) return;
    this.rules.delete(src);
    const index = Array.prototype.indexOf.call(this.sheet.cssRules, known.rule);
    if (index >= 0) this.sheet.deleteRule(index);
  }
}
