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

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

const heldHere = new Set<string>();

/** Takes the lock (stale locks of dead processes are taken over); returns its release function. */
export function acquireDataDirLock(dataDir: string): () => void {
  mkdirSync(dataDir, { recursive: true });
  const path = join(dataDir, LOCK_NAME);
  if (heldHere.has(path)) throw new DataDirLockedError(dataDir, process.pid);
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(path, 'wx');
      writeSync(fd, String(process.pid));
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
      const pid = Number(readFileSync(path, 'utf8').trim());
      // Our own pid in a lock this process does not hold is left from an earlier run that got
      // the same pid (containers restart as pid 1): stale, like a dead process's.
      if (Number.isInteger(pid) && pid > 0 && pid !== process.pid && alive(pid)) throw new DataDirLockedError(dataDir, pid);
      rmSync(path, { force: true });
    }
  }
  throw new Error(`Could not take the lock file ${path}`);
}
