/**
 * A QR code drawn here, from the `qrcode` package's module matrix, as SVG squares: the secret never leaves
 * the page for an image service, and no data: URL or injected markup is needed.
 */
import QRCode from "qrcode";
import { useMemo } from "react";

export function QrCode({ text, label, size = 192 }: { text: string; label: string; size?: number }) {
  const { count, cells } = useMemo(() => {
    const { modules } = QRCode.create(text, { errorCorrectionLevel: "M" });
    const dark: { x: number; y: number }[] = [];
    for (let y = 0; y < modules.size; y++)
      for (let x = 0; x < modules.size; x++) if (modules.get(x, y)) dark.push({ x, y });
    return { count: modules.size, cells: dark };
  }, [text]);
  const quiet = 2;
  const box = count + quiet * 2;
  return (
    <svg
      role="img"
      aria-label={label}
      width={size}
      height={size}
      viewBox={`0 0 ${box} ${box}`}
      shapeRendering="crispEdges"
      className="rounded-lg"
    >
      <rect width={box} height={box} fill="#ffffff" />
      <path fill="#0f172a" d={cells.map(({ x, y }) => `M${x + quiet} ${y + quiet}h1v1h-1z`).join("")} />
    </svg>
  );
}
