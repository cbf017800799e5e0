// One place that knows every child process and temp dir the bench created, so
// a normal end, a thrown error and Ctrl-C all leave nothing running behind.
import { rmSync } from "node:fs";

const children = new Set();
const tempDirs = new Set();
let stopping = false;

// True once a signal handler is tearing down: children dying then is expected,
// and the signal handler, not the caller, decides the exit code.
export function isStopping() {
  return stopping;
}

export function trackChild(child) {
  children.add(child);
  child.once("exit", () => children.delete(child));
  return child;
}

export function trackTempDir(dir) {
  tempDirs.add(dir);
  return dir;
}

function isRunning(child) {
  return child.exitCode === null && child.signalCode === null;
}

// Graceful first (SIGTERM lets servers close SQLite cleanly), then SIGKILL for
// anything still alive after the grace period.
export async function cleanupAll(graceMs = 2000) {
  const running = [...children].filter(isRunning);
  await Promise.all(
    running.map(
      (child) =>
        new Promise((resolve) => {
          const timer = setTimeout(() => {
            if (isRunning(child)) child.kill("SIGKILL");
            resolve();
          }, graceMs);
          child.once("exit", () => {
            clearTimeout(timer);
            resolve();
          });
          child.kill("SIGTERM");
        }),
    ),
  );
  removeTempDirs();
}

function removeTempDirs() {
  for (const dir of tempDirs) {
    rmSync(dir, { recursive: true, force: true });
    tempDirs.delete(dir);
  }
}

// Last resort for paths that skip cleanupAll (process.exit elsewhere, a crash):
// the 'exit' handler must be synchronous, so it can only SIGKILL and rmSync.
process.once("exit", () => {
  for (const child of children) if (isRunning(child)) child.kill("SIGKILL");
  removeTempDirs();
});

for (const signal of ["SIGINT", "SIGTERM"]) {
  process.once(signal, async () => {
    stopping = true;
    console.error(`\nbench: ${signal}, stopping servers…`);
    await cleanupAll(500);
    process.exit(130);
  });
}
