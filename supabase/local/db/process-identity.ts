// Who a process is, beyond its pid: a pid is reused once its process is gone (soon after a
// reboot, or in a fresh container where every run starts at the same small pids), so a lock
// that names only a pid could be held for ever by an unrelated process. On Linux the kernel's
// start time of the process (/proc/<pid>/stat, field 22) and the boot id tell them apart;
// elsewhere only the pid is known and a live pid counts as the owner.
import { readFileSync } from 'node:fs';
import { hostname } from 'node:os';

export interface ProcessIdentity {
  pid: number;
  host: string;
  /** /proc/sys/kernel/random/boot_id; null where there is none */
  bootId: string | null;
  /** start time in clock ticks since boot (/proc/<pid>/stat field 22); null where unknown */
  startTicks: string | null;
}

export type Liveness = 'alive' | 'gone' | 'unknown';

function readText(path: string): string | null {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return null;
  }
}

interface ProcStat {
  state: string;
  startTicks: string;
}

/** Fields after the command name, which is in parentheses and may itself hold spaces and ')'. */
function procStat(pid: number): ProcStat | null {
  const text = readText(`/proc/${pid}/stat`);
  if (!text) return null;
  const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
  // fields[0] is field 3 (state), so field 22 (starttime) is fields[19]
  const state = fields[0];
  const startTicks = fields[19];
  return state && startTicks ? { state, startTicks } : null;
}

const bootId = () => readText('/proc/sys/kernel/random/boot_id')?.trim() || null;

export function currentProcess(): ProcessIdentity {
  return { pid: process.pid, host: hostname(), bootId: bootId(), startTicks: procStat(process.pid)?.startTicks ?? null };
}

function pidExists(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists, it belongs to someone else
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Whether the process `who` names still runs: 'gone' when its pid is free, a zombie, or taken
 * by a process started at another time or before another boot; 'unknown' on another host
 * (its processes cannot be seen from here).
 */
export function liveness(who: ProcessIdentity): Liveness {
  if (who.host !== hostname()) return 'unknown';
  const here = bootId();
  if (who.bootId && here && who.bootId !== here) return 'gone';
  if (!Number.isSafeInteger(who.pid) || who.pid <= 0 || !pidExists(who.pid)) return 'gone';
  const stat = procStat(who.pid);
  if (!stat) return who.startTicks && here ? 'gone' : 'alive';
  // a zombie has exited; only its parent has not read its status yet
  if (stat.state === 'Z' || stat.state === 'X') return 'gone';
  if (who.startTicks && stat.startTicks !== who.startTicks) return 'gone';
  return 'alive';
}
