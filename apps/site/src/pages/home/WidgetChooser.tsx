import { Button, CatIcon, ChatIcon, cx, FOCUS_RING, Modal, TimerIcon } from "@portfolio/ui";
import { Link } from "react-router-dom";

export const WIDGETS = [
  { path: "/twitchchatwidget", name: "Chat", description: "A transparent chat box overlay", Icon: ChatIcon },
  {
    path: "/twitchcountdownwidget",
    name: "Countdown",
    description: "A countdown for stream starts and breaks",
    Icon: TimerIcon,
  },
  { path: "/twitchcotdwidget", name: "Cat of the Day", description: "A new cat picture every day", Icon: CatIcon },
] as const;

/** The modal behind the dot of the 'i': pick a Twitch widget; closes on Escape or Cancel. */
export function WidgetChooser({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <Modal
      open={open}
      onClose={onClose}
      title="Choose a Twitch widget"
      description="You found a secret! Open one of the stream widgets."
      testId="widget-modal"
    >
      <ul className="space-y-2">
        {WIDGETS.map((widget) => (
          <li key={widget.path}>
            <Link
              to={widget.path}
              className={cx(
                "flex items-center gap-3 rounded-xl border border-slate-200 p-3 transition hover:border-indigo-400 hover:bg-indigo-50 dark:border-slate-700 dark:hover:border-indigo-500 dark:hover:bg-indigo-950/50",
                FOCUS_RING,
              )}
            >
              <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-indigo-100 text-indigo-700 dark:bg-indigo-950 dark:text-indigo-300">
                <widget.Icon />
              </span>
              <span>
                <span className="block font-semibold">{widget.name}</span>
                <span className="block text-sm text-slate-600 dark:text-slate-400">{widget.description}</span>
              </span>
            </Link>
          </li>
        ))}
      </ul>
      <div className="mt-5 flex justify-end">
        <Button variant="secondary" onClick={onClose}>
          Cancel
        </Button>
      </div>
    </Modal>
  );
}
