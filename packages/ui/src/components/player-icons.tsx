/**
 * The playlist shuffler's player icons: only its player draws them (a chunk fetched as a shuffle starts),
 * so they are in no page's first load.
 */
import { type IconProps, StrokeSvg } from "./icon-frame.tsx";

export function PlayIcon(props: IconProps) {
  return (
    <StrokeSvg {...props}>
      <path d="M7 4.5v15a1 1 0 0 0 1.5.86l12-7.5a1 1 0 0 0 0-1.72l-12-7.5A1 1 0 0 0 7 4.5Z" fill="currentColor" />
    </StrokeSvg>
  );
}
export function PauseIcon(props: IconProps) {
  return (
    <StrokeSvg {...props}>
      <rect x="6" y="4" width="4" height="16" rx="1" fill="currentColor" />
      <rect x="14" y="4" width="4" height="16" rx="1" fill="currentColor" />
    </StrokeSvg>
  );
}
export function SkipBackIcon(props: IconProps) {
  return (
    <StrokeSvg {...props}>
      <path d="M19 20 9 12l10-8v16Z" fill="currentColor" />
      <path d="M5 19V5" />
    </StrokeSvg>
  );
}
export function SkipForwardIcon(props: IconProps) {
  return (
    <StrokeSvg {...props}>
      <path d="m5 4 10 8-10 8V4Z" fill="currentColor" />
      <path d="M19 5v14" />
    </StrokeSvg>
  );
}
export function RepeatIcon(props: IconProps) {
  return (
    <StrokeSvg {...props}>
      <path d="m17 2 4 4-4 4" />
      <path d="M3 11v-1a4 4 0 0 1 4-4h14" />
      <path d="m7 22-4-4 4-4" />
      <path d="M21 13v1a4 4 0 0 1-4 4H3" />
    </StrokeSvg>
  );
}
export function LinkIcon(props: IconProps) {
  return (
    <StrokeSvg {...props}>
      <path d="M10 13a5 5 0 0 0 7.54.54l3-3a5 5 0 0 0-7.07-7.07l-1.72 1.71" />
      <path d="M14 11a5 5 0 0 0-7.54-.54l-3 3a5 5 0 0 0 7.07 7.07l1.71-1.71" />
    </StrokeSvg>
  );
}
export function ChevronDownIcon(props: IconProps) {
  return (
    <StrokeSvg {...props}>
      <path d="m6 9 6 6 6-6" />
    </StrokeSvg>
  );
}
export function KeyboardIcon(props: IconProps) {
  return (
    <StrokeSvg {...props}>
      <rect x="2" y="5" width="20" height="14" rx="2" />
      <path d="M6 9h.01M10 9h.01M14 9h.01M18 9h.01M6 13h.01M18 13h.01M9 13h6M7 16h10" />
    </StrokeSvg>
  );
}
export function EqualizerIcon(props: IconProps) {
  return (
    <StrokeSvg {...props}>
      <path d="M6 20v-6M12 20V8M18 20v-9" />
    </StrokeSvg>
  );
}
