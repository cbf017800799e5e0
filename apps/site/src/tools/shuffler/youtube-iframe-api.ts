/**
 * The YouTube IFrame Player API, loaded on demand (only once a playlist is there to play): the script from
 * https://www.youtube.com/iframe_api defines `YT.Player` and then calls `window.onYouTubeIframeAPIReady`.
 * Only the members the shuffler uses are typed.
 */

export const IFRAME_API_URL = "https://www.youtube.com/iframe_api";
const LOAD_TIMEOUT_MS = 20_000;

/** YT.PlayerState. */
export const PLAYER_STATE = { UNSTARTED: -1, ENDED: 0, PLAYING: 1, PAUSED: 2, BUFFERING: 3, CUED: 5 } as const;

/** onError codes: 2 bad id, 5 HTML5 player error, 100 removed or private, 101 and 150 not embeddable. */
export const UNPLAYABLE_ERRORS: readonly number[] = [2, 5, 100, 101, 150];

export interface YTPlayer {
  playVideo(): void;
  pauseVideo(): void;
  loadVideoById(videoId: string): void;
  cueVideoById(videoId: string): void;
  getPlayerState(): number;
  destroy(): void;
}

export interface YTPlayerEvent {
  target: YTPlayer;
  data?: number;
}

export interface YTPlayerOptions {
  videoId?: string;
  host?: string;
  width?: string | number;
  height?: string | number;
  playerVars?: Record<string, string | number>;
  events?: {
    onReady?: (event: YTPlayerEvent) => void;
    onStateChange?: (event: YTPlayerEvent) => void;
    onError?: (event: YTPlayerEvent) => void;
  };
}

export interface YTNamespace {
  Player: new (element: HTMLElement, options: YTPlayerOptions) => YTPlayer;
}

interface YouTubeWindow {
  YT?: Partial<YTNamespace>;
  onYouTubeIframeAPIReady?: () => void;
}

let pending: Promise<YTNamespace> | undefined;

function ready(win: YouTubeWindow): YTNamespace | undefined {
  return typeof win.YT?.Player === "function" ? (win.YT as YTNamespace) : undefined;
}

/** Loads the API once per page; a failed load may be tried again. */
export function loadYouTubeIframeApi(): Promise<YTNamespace> {
  const win = window as unknown as YouTubeWindow;
  const already = ready(win);
  if (already) return Promise.resolve(already);
  pending ??= new Promise<YTNamespace>((resolve, reject) => {
    const fail = (message: string) => {
      pending = undefined;
      reject(new Error(message));
    };
    const timer = window.setTimeout(() => fail("The YouTube player did not load in time."), LOAD_TIMEOUT_MS);
    const previous = win.onYouTubeIframeAPIReady;
    win.onYouTubeIframeAPIReady = () => {
      previous?.();
      const api = ready(win);
      window.clearTimeout(timer);
      if (api) resolve(api);
      else fail("The YouTube player API is incomplete.");
    };
    const script = document.createElement("script");
    script.src = IFRAME_API_URL;
    script.async = true;
    script.onerror = () => {
      window.clearTimeout(timer);
      script.remove();
      fail("The YouTube player could not be loaded.");
    };
    document.head.append(script);
  });
  return pending;
}
