/**
 * The widget chooser, fetched the first time the dot of the 'i' is pressed: the home page's first load
 * carries none of its modal's code. Once fetched it stays mounted, so it opens and closes as before.
 */
import { lazy, Suspense, useState } from "react";

const WidgetChooserModal = lazy(() =>
  import("./WidgetChooser.tsx").then((module) => ({ default: module.WidgetChooser })),
);

export function WidgetChooser({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [wanted, setWanted] = useState(open);
  if (open && !wanted) setWanted(true);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <WidgetChooserModal open={open} onClose={onClose} />
    </Suspense>
  );
}
