import type { ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { spawnMain, type MainProcess } from './support/apiProcess.js';
import { testDatabaseKind } from './support/testDatabase.js';

const dataDir = mkdtempSync(join(tmpdir(), 'formwork-main-'));
const children: ChildProcess[] = [];

afterAll(() => {
  for (const c of children) if (c.exitCode === null) c.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
});

/** On PGlite in this test's data directory (DATABASE_URL empty). */
function startMain(env: Record<string, string>): MainProcess {
  const main = spawnMain({ DATA_DIR: dataDir, DATABASE_URL: '', ...env });
  children.push(main.child);
  return main;
}

describe.skipIf(testDatabaseKind() === 'postgres')('the server process on a PGlite data directory', () => {
  it('starts, seeds, serves the API, refuses a second process on the same directory, and shuts down cleanly', async () => {
    const first = startMain({});
    const url = await first.address;
    const login = await fetch(`${url}/api/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'admin', password: 'admin123' }) });
    expect((await login.json()).code).toBe(200);
    expect(first.output()).toContain('No built client found');
    expect(existsSync(join(dataDir, 'formwork.lock'))).toBe(true);

    const second = startMain({});
    expect(await second.exited).toBe(1);
    expect(second.output()).toContain(`The data directory ${dataDir} is in use by another Formwork process (pid ${first.child.pid})`);

    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);
    expect(existsSync(join(dataDir, 'formwork.lock'))).toBe(false);

    // The data survives: a new process opens the same directory and signs in without reseeding.
    const third = startMain({ ADMIN_PASSWORD: 'ignored-after-first-seed' });
    const url3 = await third.address;
    const again = await fetch(`${url3}/api/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'admin', password: 'admin123' }) });
    expect((await again.json()).code).toBe(200);
    expect(third.output()).not.toContain('seed step');
    third.child.kill('SIGTERM');
    expect(await third.exited).toBe(0);
  }, 180_000); // three process starts, the first one seeding PGlite: over a minute on a busy machine
});
