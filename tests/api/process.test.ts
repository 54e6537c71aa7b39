import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { testDatabaseKind } from './support/testDatabase.js';

const dataDir = mkdtempSync(join(tmpdir(), 'formwork-main-'));
const children: ChildProcess[] = [];

afterAll(() => {
  for (const c of children) if (c.exitCode === null) c.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
});

/** Starts `src/server/main.ts` as `npm start` does (without the client build). */
function startMain(env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, CLIENT_DIR: join(dataDir, 'no-client'), LOG_LEVEL: 'info', DATABASE_URL: '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let output = '';
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const address = new Promise<string>((resolve, reject) => {
    child.stdout!.on('data', () => {
      const m = /"address":"(http:\/\/[^"]+)"/.exec(output);
      if (m) resolve(m[1]);
    });
    void exited.then((code) => reject(new Error(`exited with ${code}: ${output}`)));
  });
  address.catch(() => {}); // awaited by the tests that expect a start; others watch `exited`
  return { child, address, exited, output: () => output };
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
  });
});
