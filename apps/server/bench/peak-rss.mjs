// Peak resident memory of a process, from the kernel's high-water mark. Reading
// it from /proc (rather than asking the server) covers every server alike and
// includes memory the process touched during startup and earlier rounds.
import { readFileSync } from "node:fs";

/** @returns {number | null} peak RSS in MB (MiB), or null where /proc is absent */
export function peakRssMb(pid) {
  let status;
  try {
    status = readFileSync(`/proc/${pid}/status`, "utf8");
  } catch {
    return null; // not Linux, or the process is already gone
  }
  const match = /^VmHWM:\s+(\d+)\s+kB$/m.exec(status);
  return match ? Number(match[1]) / 1024 : null;
}
