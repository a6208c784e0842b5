// CPU time a server has used (user + system), read from /proc, in milliseconds: the process and
// its children, which are the server processes when Ordo runs several (ORDO_WORKERS). Used to
// report what a request costs the server, independent of how much CPU the load generator takes.
import { readFileSync } from 'node:fs';

const TICKS_PER_SECOND = 100;

function ownCpuMillis(pid) {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // Fields after the command name (which may contain spaces) start after the last ')'.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const utime = Number(fields[11]);
  const stime = Number(fields[12]);
  return ((utime + stime) * 1000) / TICKS_PER_SECOND;
}

function childrenOf(pid) {
  const list = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim();
  return list ? list.split(' ').map(Number) : [];
}

export function cpuMillis(pid) {
  return childrenOf(pid).reduce((sum, child) => sum + cpuMillis(child), ownCpuMillis(pid));
}

/** Runs `work` and answers the CPU microseconds per request the server spent on it. */
export async function cpuPerRequest(pid, work) {
  const before = cpuMillis(pid);
  const result = await work();
  const spent = cpuMillis(pid) - before;
  return { ...result, cpuMicrosPerRequest: Number(((spent * 1000) / result.requests).toFixed(1)) };
}
