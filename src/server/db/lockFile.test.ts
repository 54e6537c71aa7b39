import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawn } from 'node:child_process';
import { afterEach, describe, expect, it } from 'vitest';
import { acquireDataDirLock, currentBootId, DataDirLockedError, LOCK_NAME, parseLock, processStartTime } from './lockFile.js';

const dirs: string[] = [];
function tempDir(): string {
  const d = mkdtempSync(join(tmpdir(), 'fw-lock-'));
  dirs.push(d);
  return d;
}
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

/** A live process that is not a Formwork server (what a recycled pid looks like). */
function unrelatedProcess() {
  const child = spawn('sleep', ['30'], { stdio: 'ignore' });
  return { pid: child.pid!, stop: () => child.kill('SIGKILL') };
}

describe('data directory lock file', () => {
  it('records pid, boot id and process start time', () => {
    const dir = tempDir();
    const release = acquireDataDirLock(dir);
    const owner = parseLock(readFileSync(join(dir, LOCK_NAME), 'utf8'));
    expect(owner).toEqual({ pid: process.pid, bootId: currentBootId(), startTime: processStartTime(process.pid) });
    expect(owner?.bootId).toMatch(/^[0-9a-f-]{36}$/);
    expect(owner?.startTime).toMatch(/^\d+$/);
    release();
  });

  it('takes over a lock whose pid now belongs to an unrelated live process (kill -9, pid reused)', () => {
    const dir = tempDir();
    const other = unrelatedProcess();
    try {
      const start = Number(processStartTime(other.pid));
      // The killed server had this pid but started at another moment.
      writeFileSync(join(dir, LOCK_NAME), JSON.stringify({ pid: other.pid, bootId: currentBootId(), startTime: String(start + 1) }));
      const release = acquireDataDirLock(dir);
      expect(parseLock(readFileSync(join(dir, LOCK_NAME), 'utf8'))?.pid).toBe(process.pid);
      release();
    } finally {
      other.stop();
    }
  });

  it('takes over a lock written before a reboot', () => {
    const dir = tempDir();
    const other = unrelatedProcess();
    try {
      writeFileSync(join(dir, LOCK_NAME), JSON.stringify({ pid: other.pid, bootId: '00000000-0000-0000-0000-000000000000', startTime: processStartTime(other.pid) }));
      acquireDataDirLock(dir)();
    } finally {
      other.stop();
    }
  });

  it('refuses while the process named by the lock, same boot and start time, still runs', () => {
    const dir = tempDir();
    const other = unrelatedProcess();
    try {
      writeFileSync(join(dir, LOCK_NAME), JSON.stringify({ pid: other.pid, bootId: currentBootId(), startTime: processStartTime(other.pid) }));
      expect(() => acquireDataDirLock(dir)).toThrow(DataDirLockedError);
      expect(() => acquireDataDirLock(dir)).toThrow(`(pid ${other.pid})`);
    } finally {
      other.stop();
    }
  });

  it('reads a bare pid lock of earlier versions and a garbled lock as stale', () => {
    expect(parseLock('1234\n')).toEqual({ pid: 1234, bootId: null, startTime: null });
    const dir = tempDir();
    writeFileSync(join(dir, LOCK_NAME), '{not json');
    acquireDataDirLock(dir)();
  });
});
