/** What this shuffler does better, shown under the empty form. */
const FEATURES = [
  { title: "The whole playlist", text: "Up to 5,000 videos, shuffled fairly (Fisher-Yates), not just the first 200." },
  { title: "Several playlists at once", text: "Add more URLs to mix playlists into one queue." },
  { title: "Share the order", text: "A link that gives anyone the exact same shuffle." },
  { title: "Keyboard and media keys", text: "Space, N, P, L and R, plus your keyboard's media keys." },
];

export function Features() {
  return (
    <ul className="grid gap-3 sm:grid-cols-2">
      {FEATURES.map((feature) => (
        <li
          key={feature.title}
          className="rounded-xl border border-slate-200 bg-white/60 p-4 dark:border-slate-800 dark:bg-slate-900/60"
        >
          <p className="font-semibold text-slate-900 dark:text-white">{feature.title}</p>
          <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">{feature.text}</p>
        </li>
      ))}
    </ul>
  );
}
