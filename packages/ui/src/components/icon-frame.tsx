/** The two SVG frames every icon is drawn in (24-unit grid, current colour, hidden from assistive tech). */
import type { ReactNode, SVGProps } from "react";

export type IconProps = SVGProps<SVGSVGElement> & { size?: number };

/** How a line icon is drawn: by its own <svg> here, and by the shared <symbol>s of RepeatedIconSymbols. */
export const STROKE = {
  fill: "none",
  stroke: "currentColor",
  strokeWidth: 2,
  strokeLinecap: "round",
  strokeLinejoin: "round",
} as const;

export function StrokeSvg({ size = 20, children, ...props }: IconProps & { children: ReactNode }) {
  return (
    <svg width={size} height={size} viewBox="0 0 24 24" {...STROKE} aria-hidden="true" {...props}>
      {children}
    </svg>
  );
}

export function FilledSvg({ size = 20, d, ...props }: IconProps & { d: string }) {
  return (
    <svg width={size} height={size} viewBox="0 0 24 24" fill="currentColor" aria-hidden="true" {...props}>
      <path d={d} />
    </svg>
  );
}
