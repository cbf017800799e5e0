/**
 * The stream widgets' icons: drawn by the widget chooser (opened from the home page) and the cat widget,
 * so in no page's first load.
 */
import { type IconProps, StrokeSvg } from "./icon-frame.tsx";

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
export function HeartIcon(props: IconProps) {
  return (
    <StrokeSvg {...props}>
      <path d="M19 14c1.49-1.46 3-3.21 3-5.5A5.5 5.5 0 0 0 16.5 3c-1.76 0-3 .5-4.5 2-1.5-1.5-2.74-2-4.5-2A5.5 5.5 0 0 0 2 8.5c0 2.3 1.5 4.05 3 5.5l7 7Z" />
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
