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
export function PlusIcon(props: IconProps) {
  return (
    <StrokeSvg {...props}>
      <path d="M12 5v14M5 12h14" />
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
