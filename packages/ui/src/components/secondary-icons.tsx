/**
 * The icons the home page's first load does not draw (forms, the admin panel, the visitor tools): a module
 * of their own, which nothing on the home page imports, so its first load does not carry them.
 */
import { type IconProps, StrokeSvg } from "./icon-frame.tsx";
import { REPEATED_ICONS } from "./icons.tsx";

export function EyeIcon(props: IconProps) {
  return (
    <StrokeSvg {...props}>
      <path d="M2 12s3.5-7 10-7 10 7 10 7-3.5 7-10 7S2 12 2 12Z" />
      <circle cx="12" cy="12" r="3" />
    </StrokeSvg>
  );
}
export function EyeOffIcon(props: IconProps) {
  return (
    <StrokeSvg {...props}>
      <path d="M9.9 4.24A9.12 9.12 0 0 1 12 4c6.5 0 10 8 10 8a18.5 18.5 0 0 1-2.16 3.19" />
      <path d="M6.61 6.61A13.53 13.53 0 0 0 2 12s3.5 8 10 8a9.74 9.74 0 0 0 5.39-1.61" />
      <path d="M14.12 14.12a3 3 0 1 1-4.24-4.24" />
      <path d="m2 2 20 20" />
    </StrokeSvg>
  );
}
export function ChevronLeftIcon(props: IconProps) {
  return (
    <StrokeSvg {...props}>
      <path d="m15 18-6-6 6-6" />
    </StrokeSvg>
  );
}
export function ChevronRightIcon(props: IconProps) {
  return (
    <StrokeSvg {...props}>
      <path d="m9 18 6-6-6-6" />
    </StrokeSvg>
  );
}
export function ShuffleIcon(props: IconProps) {
  return (
    <StrokeSvg {...props}>
      <path d="M2 18h1.4c1.3 0 2.5-.6 3.3-1.7l6.1-8.6c.7-1.1 2-1.7 3.3-1.7H22" />
      <path d="m18 2 4 4-4 4" />
      <path d="M2 6h1.9c1.5 0 2.9.9 3.6 2.2" />
      <path d="M22 18h-5.9c-1.3 0-2.6-.7-3.3-1.8l-.5-.8" />
      <path d="m18 14 4 4-4 4" />
    </StrokeSvg>
  );
}
export function SparklesIcon(props: IconProps) {
  return (
    <StrokeSvg {...props}>
      <path d="m12 3-1.9 5.8a2 2 0 0 1-1.3 1.3L3 12l5.8 1.9a2 2 0 0 1 1.3 1.3L12 21l1.9-5.8a2 2 0 0 1 1.3-1.3L21 12l-5.8-1.9a2 2 0 0 1-1.3-1.3Z" />
    </StrokeSvg>
  );
}
export function ChatIcon(props: IconProps) {
  return (
    <StrokeSvg {...props}>
      <path d="M21 15a2 2 0 0 1-2 2H7l-4 4V5a2 2 0 0 1 2-2h14a2 2 0 0 1 2 2Z" />
    </StrokeSvg>
  );
}
export function TimerIcon(props: IconProps) {
  return (
    <StrokeSvg {...props}>
      <path d="M10 2h4" />
      <path d="M12 14l3-3" />
      <circle cx="12" cy="14" r="8" />
    </StrokeSvg>
  );
}
export function CatIcon(props: IconProps) {
  return (
    <StrokeSvg {...props}>
      <path d="M12 5c.67 0 1.35.09 2 .26 1.78-2 5.03-2.84 6.42-2.26 1.4.58-.42 7-.42 7 .57 1.07 1 2.24 1 3.44C21 17.9 16.97 21 12 21s-9-3-9-7.56c0-1.25.5-2.4 1-3.44 0 0-1.89-6.42-.5-7 1.39-.58 4.72.23 6.5 2.23A9.04 9.04 0 0 1 12 5Z" />
      <path d="M8 14v.5M16 14v.5M11.25 16.25h1.5L12 17l-.75-.75Z" />
    </StrokeSvg>
  );
}

// The visitor tools' controls (playlist shuffler, widget builders).
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
export function CopyIcon(props: IconProps) {
  return (
    <StrokeSvg {...props}>
      <rect x="9" y="9" width="13" height="13" rx="2" />
      <path d="M5 15H4a2 2 0 0 1-2-2V4a2 2 0 0 1 2-2h9a2 2 0 0 1 2 2v1" />
    </StrokeSvg>
  );
}
export function CheckIcon(props: IconProps) {
  return (
    <StrokeSvg {...props}>
      <path d="M20 6 9 17l-5-5" />
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
export function PlusIcon(props: IconProps) {
  return (
    <StrokeSvg {...props}>
      <path d="M12 5v14M5 12h14" />
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
export function HeartIcon(props: IconProps) {
  return (
    <StrokeSvg {...props}>
      <path d="M19 14c1.49-1.46 3-3.21 3-5.5A5.5 5.5 0 0 0 16.5 3c-1.76 0-3 .5-4.5 2-1.5-1.5-2.74-2-4.5-2A5.5 5.5 0 0 0 2 8.5c0 2.3 1.5 4.05 3 5.5l7 7Z" />
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
export function SlidersIcon(props: IconProps) {
  return (
    <StrokeSvg {...props}>
      <path d="M4 21v-7M4 10V3M12 21v-9M12 8V3M20 21v-5M20 12V3M1 14h6M9 8h6M17 16h6" />
    </StrokeSvg>
  );
}
export function ExternalLinkIcon(props: IconProps) {
  return (
    <StrokeSvg {...props}>
      {REPEATED_ICONS["external-link"].map((d) => (
        <path key={d} d={d} />
      ))}
    </StrokeSvg>
  );
}
export function PencilIcon(props: IconProps) {
  return (
    <StrokeSvg {...props}>
      <path d="M17 3a2.83 2.83 0 0 1 4 4L7.5 20.5 2 22l1.5-5.5Z" />
    </StrokeSvg>
  );
}
export function TrashIcon(props: IconProps) {
  return (
    <StrokeSvg {...props}>
      <path d="M3 6h18" />
      <path d="M19 6v14a2 2 0 0 1-2 2H7a2 2 0 0 1-2-2V6" />
      <path d="M8 6V4a2 2 0 0 1 2-2h4a2 2 0 0 1 2 2v2" />
    </StrokeSvg>
  );
}
export function CloseIcon(props: IconProps) {
  return (
    <StrokeSvg {...props}>
      <path d="M18 6 6 18M6 6l12 12" />
    </StrokeSvg>
  );
}
