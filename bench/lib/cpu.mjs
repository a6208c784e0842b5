// CPU time a process has used (user + system), read from /proc, in milliseconds. Used to report
// what a request costs the server, independent of how much CPU the load generator takes.
import { readFileSync } from 'node:fs';

const TICKS_PER_SECOND = 100;

export function cpuMillis(pid) {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // Fields after the command name (which may contain spaces) start after the last ')'.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const utime = Number(fields[11]);
  const stime = Number(fields[12]);
  return ((utime + stime) * 1000) / TICKS_PER_SECOND;
}

/** Runs `work` and answers the CPU microseconds per request the process spent on it. */
export async function cpuPerRequest(pid, work) {
  const before = cpuMillis(pid);
  const result = await work();
  const spent = cpuMillis(pid) - before;
  return { ...result, cpuMicrosPerRequest: Number(((spent * 1000) / result.requests).toFixed(1)) };
}
