// CPU time from /proc (Linux): where a run's time went. Server instances by pid; the PostgreSQL server as
// its postmaster and every backend it forked; the whole machine from /proc/stat, so time taken by other
// programs on a shared machine shows as such instead of hiding in the figures. The load generator
// reports its own.
import { spawnSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";

const TICKS = Number(spawnSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).stdout.trim()) || 100;

function stat(pid) {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, "utf8");
    // The fields after the command name, which may hold spaces, in parentheses.
    const fields = text.slice(text.lastIndexOf(")") + 2).split(" ");
    return { ppid: Number(fields[1]), cpuMs: ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS };
  } catch {
    return null;
  }
}

/** CPU milliseconds used so far by these pids (user + system). */
export function cpuMsOf(pids) {
  return pids.reduce((sum, pid) => sum + (stat(pid)?.cpuMs ?? 0), 0);
}

/** CPU milliseconds so far of a postmaster and each child, by pid (compare two with postgresCpuDelta). */
export function postgresCpu(postmasterPid) {
  if (!postmasterPid) return null;
  const byPid = new Map([[postmasterPid, stat(postmasterPid)?.cpuMs ?? 0]]);
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    const s = stat(entry);
    if (s && s.ppid === postmasterPid) byPid.set(Number(entry), s.cpuMs);
  }
  return byPid;
}

/** CPU used between two samples; a backend that started in between counts from zero. */
export function postgresCpuDelta(before, after) {
  if (!before || !after) return null;
  let total = 0;
  for (const [pid, ms] of after) total += ms - (before.get(pid) ?? 0);
  return total;
}

/** Busy CPU milliseconds of the whole machine so far (all cores; idle and iowait excluded). */
export function machineBusyMs() {
  const [cpu] = readFileSync("/proc/stat", "utf8").split("\n");
  const [user, nice, system, _idle, _iowait, irq, softirq, steal] = cpu.split(/\s+/).slice(1).map(Number);
  return ((user + nice + system + irq + softirq + steal) * 1000) / TICKS;
}

/** The same for any process and its children (a server; nginx's master and workers). */
export const processTreeCpu = postgresCpu;
export const processTreeCpuDelta = postgresCpuDelta;
