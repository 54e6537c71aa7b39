/** A lock file on the PGlite data directory: PGlite has no lock between processes. */
import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { join } from 'node:path';

export const LOCK_NAME = 'formwork.lock';

/** Thrown when another live process holds the data directory. */
export class DataDirLockedError extends Error {
  constructor(readonly dataDir: string, readonly pid: number) {
    super(
      `The data directory ${dataDir} is in use by another Formwork process (pid ${pid}). ` +
        'Stop that process, or set DATA_DIR to another directory.',
    );
    this.name = 'DataDirLockedError';
  }
}

/** What a lock file holds: the owner's pid, and what tells that process from a later one with the same pid. */
export interface LockOwner {
  pid: number;
  /** /proc/sys/kernel/random/boot_id when the lock was taken (null where there is no /proc). */
  bootId: string | null;
  /** Field 22 of /proc/{pid}/stat (clock ticks since boot at which the process started), or null. */
  startTime: string | null;
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function readOrNull(path: string): string | null {
  try {
    return readFileSync(path, 'utf8').trim() || null;
  } catch {
    return null;
  }
}

/** The id of the running kernel's boot, or null off Linux. */
export function currentBootId(): string | null {
  return readOrNull('/proc/sys/kernel/random/boot_id');
}

/** When `pid` started (field 22 of /proc/{pid}/stat), or null when unknown. */
export function processStartTime(pid: number): string | null {
  const stat = readOrNull(`/proc/${pid}/stat`);
  if (!stat) return null;
  // Field 2 (the command name) is in parentheses and may itself hold spaces and ')'.
  const rest = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return rest[22 - 3] ?? null;
}

/** This process as a lock owner. */
export function currentOwner(): LockOwner {
  return { pid: process.pid, bootId: currentBootId(), startTime: processStartTime(process.pid) };
}

/** The owner a lock file names: JSON, or a bare pid as written by earlier versions. */
export function parseLock(text: string): LockOwner | null {
  const trimmed = text.trim();
  if (/^\d+$/.test(trimmed)) return { pid: Number(trimmed), bootId: null, startTime: null };
  try {
    const v = JSON.parse(trimmed) as Partial<LockOwner>;
    if (!Number.isInteger(v.pid) || (v.pid as number) <= 0) return null;
    const str = (x: unknown) => (typeof x === 'string' && x ? x : null);
    return { pid: v.pid as number, bootId: str(v.bootId), startTime: str(v.startTime) };
  } catch {
    return null;
  }
}

/**
 * True when the lock's owner still runs. After a `kill -9` or a reboot the pid may belong to an
 * unrelated process, so a live pid counts only when the boot and the process start time recorded
 * in the lock still match (a lock without them, from an earlier version, trusts the pid alone).
 */
export function ownerAlive(owner: LockOwner): boolean {
  if (owner.pid === process.pid || !alive(owner.pid)) return false;
  if (owner.bootId && currentBootId() && owner.bootId !== currentBootId()) return false;
  if (owner.startTime) {
    const now = processStartTime(owner.pid);
    if (now && now !== owner.startTime) return false;
  }
  return true;
}

const heldHere = new Set<string>();

/** Takes the lock (stale locks of dead or replaced processes are taken over); returns its release function. */
export function acquireDataDirLock(dataDir: string): () => void {
  mkdirSync(dataDir, { recursive: true });
  const path = join(dataDir, LOCK_NAME);
  if (heldHere.has(path)) throw new DataDirLockedError(dataDir, process.pid);
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(path, 'wx');
      writeSync(fd, JSON.stringify(currentOwner()));
      closeSync(fd);
      heldHere.add(path);
      let released = false;
      return () => {
        if (released) return;
        released = true;
        heldHere.delete(path);
        rmSync(path, { force: true });
      };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const owner = parseLock(readOrNull(path) ?? '');
      // Our own pid in a lock this process does not hold is left from an earlier run that got
      // the same pid (containers restart as pid 1): stale, like a dead process's.
      if (owner && ownerAlive(owner)) throw new DataDirLockedError(dataDir, owner.pid);
      rmSync(path, { force: true });
    }
  }
  throw new Error(`Could not take the lock file ${path}`);
}
