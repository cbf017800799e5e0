/**
 * A few inline SVG icons (no icon font, no extra request). Decorative: hidden from assistive tech. Inline
 * in HTML, an <svg> needs no xmlns; focusable="false" only mattered to Internet Explorer.
 */
import { FilledSvg, type IconProps, STROKE, StrokeSvg } from "./icon-frame.tsx";

export type { IconProps } from "./icon-frame.tsx";

export function SunIcon(props: IconProps) {
  return (
    <StrokeSvg {...props}>
      <circle cx="12" cy="12" r="4" />
      <path d="M12 2v2M12 20v2M4.93 4.93l1.41 1.41M17.66 17.66l1.41 1.41M2 12h2M20 12h2M6.34 17.66l-1.41 1.41M19.07 4.93l-1.41 1.41" />
    </StrokeSvg>
  );
}
export function MoonIcon(props: IconProps) {
  return (
    <StrokeSvg {...props}>
      <path d="M12 3a6 6 0 0 0 9 9 9 9 0 1 1-9-9Z" />
    </StrokeSvg>
  );
}
export function HomeIcon(props: IconProps) {
  return (
    <StrokeSvg {...props}>
      <path d="M3 10.5 12 3l9 7.5" />
      <path d="M5 9.5V21h14V9.5" />
      <path d="M10 21v-6h4v6" />
    </StrokeSvg>
  );
}
export function LogInIcon(props: IconProps) {
  return (
    <StrokeSvg {...props}>
      <path d="M15 3h4a2 2 0 0 1 2 2v14a2 2 0 0 1-2 2h-4" />
      <path d="m10 17 5-5-5-5" />
      <path d="M15 12H3" />
    </StrokeSvg>
  );
}
export function LogOutIcon(props: IconProps) {
  return (
    <StrokeSvg {...props}>
      <path d="M9 21H5a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2h4" />
      <path d="m16 17 5-5-5-5" />
      <path d="M21 12H9" />
    </StrokeSvg>
  );
}
export function UserIcon(props: IconProps) {
  return (
    <StrokeSvg {...props}>
      <circle cx="12" cy="8" r="4" />
      <path d="M4 21a8 8 0 0 1 16 0" />
    </StrokeSvg>
  );
}
export function CalendarIcon(props: IconProps) {
  return (
    <StrokeSvg {...props}>
      <rect x="3" y="4" width="18" height="18" rx="2" />
      <path d="M16 2v4M8 2v4M3 10h18" />
    </StrokeSvg>
  );
}
export function ShieldIcon(props: IconProps) {
  return (
    <StrokeSvg {...props}>
      <path d="M12 22s8-4 8-10V5l-8-3-8 3v7c0 6 8 10 8 10Z" />
      <path d="m9 12 2 2 4-4" />
    </StrokeSvg>
  );
}
export function MailIcon(props: IconProps) {
  return (
    <StrokeSvg {...props}>
      <rect x="2" y="4" width="20" height="16" rx="2" />
      <path d="m22 7-10 6L2 7" />
    </StrokeSvg>
  );
}

export function GitHubIcon(props: IconProps) {
  return (
    <FilledSvg
      {...props}
      d="M12 .5a11.5 11.5 0 0 0-3.64 22.41c.58.1.79-.25.79-.56v-2c-3.2.7-3.88-1.37-3.88-1.37-.52-1.33-1.28-1.69-1.28-1.69-1.04-.71.08-.7.08-.7 1.15.08 1.76 1.19 1.76 1.19 1.03 1.76 2.69 1.25 3.35.96.1-.74.4-1.25.73-1.54-2.55-.29-5.24-1.28-5.24-5.69 0-1.26.45-2.28 1.19-3.09-.12-.29-.52-1.46.11-3.05 0 0 .97-.31 3.17 1.18a11 11 0 0 1 5.77 0c2.2-1.49 3.17-1.18 3.17-1.18.63 1.59.23 2.76.11 3.05.74.81 1.19 1.83 1.19 3.09 0 4.42-2.69 5.39-5.26 5.68.41.36.78 1.06.78 2.14v3.17c0 .31.21.67.8.56A11.5 11.5 0 0 0 12 .5Z"
    />
  );
}
export function LinkedInIcon(props: IconProps) {
  return (
    <FilledSvg
      {...props}
      d="M20.45 20.45h-3.56v-5.57c0-1.33-.02-3.04-1.85-3.04-1.85 0-2.14 1.45-2.14 2.94v5.67H9.35V9h3.42v1.56h.05c.48-.9 1.64-1.85 3.37-1.85 3.6 0 4.27 2.37 4.27 5.46v6.28ZM5.34 7.43a2.06 2.06 0 1 1 0-4.13 2.06 2.06 0 0 1 0 4.13ZM7.12 20.45H3.56V9h3.56v11.45ZM22.22 0H1.77C.79 0 0 .77 0 1.73v20.54C0 23.23.79 24 1.77 24h20.45c.98 0 1.78-.77 1.78-1.73V1.73C24 .77 23.2 0 22.22 0Z"
    />
  );
}
export function YouTubeIcon(props: IconProps) {
  return (
    <FilledSvg
      {...props}
      d="M23.5 6.2a3 3 0 0 0-2.1-2.1C19.5 3.6 12 3.6 12 3.6s-7.5 0-9.4.5A3 3 0 0 0 .5 6.2 31.4 31.4 0 0 0 0 12a31.4 31.4 0 0 0 .5 5.8 3 3 0 0 0 2.1 2.1c1.9.5 9.4.5 9.4.5s7.5 0 9.4-.5a3 3 0 0 0 2.1-2.1A31.4 31.4 0 0 0 24 12a31.4 31.4 0 0 0-.5-5.8ZM9.6 15.6V8.4l6.3 3.6-6.3 3.6Z"
    />
  );
}
export function TwitchIcon(props: IconProps) {
  return (
    <FilledSvg
      {...props}
      d="M11.57 4.71h1.72v5.15h-1.72Zm4.72 0H18v5.15h-1.71ZM6 0 1.71 4.29v15.42h5.15V24l4.28-4.29h3.43L22.29 12V0Zm14.57 11.14-3.43 3.43h-3.43l-3 3v-3H6.86V1.71h13.71Z"
    />
  );
}

/**
 * Icons a page repeats many times (the project cards' Code and Demo links), drawn once as symbols and
 * referenced with <use>: each card then carries a few bytes instead of the whole drawing. Render
 * <RepeatedIconSymbols /> once on any page that uses <RepeatedIcon />.
 */
export const REPEATED_ICONS = {
  code: ["m16 18 6-6-6-6", "m8 6-6 6 6 6"],
  "external-link": ["M15 3h6v6", "M10 14 21 3", "M18 13v6a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2V8a2 2 0 0 1 2-2h6"],
} as const;

export type RepeatedIconName = keyof typeof REPEATED_ICONS;

export function RepeatedIconSymbols() {
  return (
    <svg aria-hidden="true" width="0" height="0" className="absolute">
      {Object.entries(REPEATED_ICONS).map(([name, paths]) => (
        <symbol key={name} id={`icon-${name}`} viewBox="0 0 24 24" {...STROKE}>
          {paths.map((d) => (
            <path key={d} d={d} />
          ))}
        </symbol>
      ))}
    </svg>
  );
}

export function RepeatedIcon({ name, size = 20 }: { name: RepeatedIconName; size?: number }) {
  return (
    <svg width={size} height={size} aria-hidden="true">
      <use href={`#icon-${name}`} />
    </svg>
  );
}
