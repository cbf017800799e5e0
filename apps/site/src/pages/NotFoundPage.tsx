import { buttonClasses, FloatingButtons, RouteLink } from "@portfolio/ui";

/** /404 and every unknown path (the server answers these with status 404). */
export default function NotFoundPage() {
  return (
    <div className="relative flex min-h-dvh flex-col">
      <FloatingButtons left="home" />
      <main id="main" className="flex flex-1 flex-col items-center justify-center px-6 py-24 text-center">
        <p
          className="bg-gradient-to-br from-indigo-600 to-fuchsia-600 bg-clip-text font-mono text-8xl font-black tracking-tighter text-transparent select-none sm:text-9xl dark:from-indigo-300 dark:to-fuchsia-300"
          aria-hidden="true"
        >
          404
        </p>
        <p className="mt-4 font-mono text-sm font-semibold tracking-widest text-indigo-700 uppercase dark:text-indigo-300">
          Error 404 · Page not found
        </p>
        <h1 className="mt-2 text-4xl font-extrabold tracking-tight text-slate-900 sm:text-5xl dark:text-white">
          This Page Has Gone Extinct!
        </h1>
        <p className="mt-4 max-w-md text-lg text-slate-600 dark:text-slate-400">
          Whatever lived at this address has been fossilised. Let's get you back to safer ground.
        </p>
        <RouteLink to="/" className={buttonClasses("primary", "lg", "mt-8")} data-testid="return-home">
          Return to the Living
        </RouteLink>
      </main>
    </div>
  );
}
