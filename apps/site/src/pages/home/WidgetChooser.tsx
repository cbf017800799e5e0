import {
  Button,
  CatIcon,
  ChatIcon,
  cx,
  FOCUS_RING,
  HeartIcon,
  Modal,
  RouteLink,
  SlidersIcon,
  TimerIcon,
} from "@portfolio/ui";

/**
 * `open` is where the widget's own link goes: chat and countdown without settings show their builder, and the
 * cat of the day, which needs none, would show the bare transparent overlay (white on a white page), so it
 * opens its builder too, with the live preview on the checkerboard.
 */
export const WIDGETS = [
  {
    path: "/twitchchatwidget",
    open: "/twitchchatwidget",
    name: "Chat",
    description: "A transparent chat box overlay",
    Icon: ChatIcon,
    setup: "the chat box",
  },
  {
    path: "/twitchcountdownwidget",
    open: "/twitchcountdownwidget",
    name: "Countdown",
    description: "A countdown for stream starts and breaks",
    Icon: TimerIcon,
    setup: "the countdown",
  },
  {
    path: "/twitchcotdwidget",
    open: "/twitchcotdwidget?setup=1",
    name: "Cat of the Day",
    description: "A new cat picture every day",
    Icon: CatIcon,
    setup: "the cat picture",
  },
] as const;

const SETUP_LINK = cx(
  "flex shrink-0 items-center gap-1.5 rounded-xl border border-slate-200 px-3 text-sm font-medium text-slate-700 transition hover:border-indigo-400 hover:bg-indigo-50 hover:text-indigo-800 dark:border-slate-700 dark:text-slate-200 dark:hover:border-indigo-500 dark:hover:bg-indigo-950/50 dark:hover:text-indigo-200",
  FOCUS_RING,
);

/**
 * The modal behind the dot of the 'i': pick a Twitch widget; closes on Escape or Cancel. Each widget also
 * has a 'Set up' link to its URL builder (live preview, the URL to paste into OBS).
 */
export function WidgetChooser({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <Modal
      open={open}
      onClose={onClose}
      title="Choose a Twitch widget"
      description="You found a secret! Open one of the stream widgets, or set one up for OBS."
      testId="widget-modal"
    >
      <ul className="space-y-2">
        {WIDGETS.map((widget) => (
          <li key={widget.path} className="flex gap-2">
            <RouteLink
              to={widget.open}
              className={cx(
                "flex flex-1 items-center gap-3 rounded-xl border border-slate-200 p-3 transition hover:border-indigo-400 hover:bg-indigo-50 dark:border-slate-700 dark:hover:border-indigo-500 dark:hover:bg-indigo-950/50",
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
            </RouteLink>
            <RouteLink
              to={`${widget.path}?setup=1`}
              className={SETUP_LINK}
              aria-label={`Set up ${widget.setup} for OBS`}
            >
              <SlidersIcon size={16} />
              Set up
            </RouteLink>
          </li>
        ))}
      </ul>
      <p className="mt-3 flex items-center gap-2 text-sm text-slate-600 dark:text-slate-400">
        <HeartIcon size={16} className="text-red-500" />
        Streaming with a heart-rate sensor?
        <RouteLink
          to="/twitchheartwidget?setup=1"
          className={cx("rounded font-medium text-indigo-700 underline dark:text-indigo-300", FOCUS_RING)}
        >
          Set up the heart rate overlay
        </RouteLink>
      </p>
      <div className="mt-5 flex justify-end">
        <Button variant="secondary" onClick={onClose}>
          Cancel
        </Button>
      </div>
    </Modal>
  );
}
