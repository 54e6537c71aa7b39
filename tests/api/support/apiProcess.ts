/**
 * Real API processes for the scale tests: `src/server/main.ts` started as a child process (tsx)
 * on its own random port, with the environment given (DATABASE_URL, FILE_STORE, …). It is ready
 * when it logs its address; `stop()` sends SIGTERM and waits for it to exit.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));

export interface ApiProcess {
  url: string;
  child: ChildProcess;
  /** Everything the process printed (pino JSON lines), for failure messages. */
  output(): string;
  /** SIGTERM, then the exit code (null when killed by a signal). */
  stop(): Promise<number | null>;
}

/** Starts one API process; rejects with its output when it exits or stays silent for `timeoutMs`. */
export function startApiProcess(env: Record<string, string>, timeoutMs = 180_000): Promise<ApiProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    cwd: ROOT,
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'info', CLIENT_DIR: '/nonexistent-client', ADMIN_PASSWORD: 'admin123', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`API process did not start in ${timeoutMs} ms:\n${out}`));
    }, timeoutMs);
    const onData = (chunk: Buffer) => {
      out += chunk.toString();
      const m = /"address":"(http:\/\/127\.0\.0\.1:\d+)"/.exec(out);
      if (m) {
        clearTimeout(timer);
        child.stdout!.off('data', onData);
        child.stdout!.on('data', (c: Buffer) => (out += c.toString()));
        resolve({
          url: m[1],
          child,
          output: () => out,
          async stop() {
            if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
            return exited;
          },
        });
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', (c: Buffer) => (out += c.toString()));
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`API process exited (${code}) before listening:\n${out}`));
    });
  });
}

/** A fresh, empty database on the TEST_DATABASE_URL server: its URL and how to drop it. */
export async function createPgDatabase(adminUrl: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `formwork_scale_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      try {
        await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await c.end();
      }
    },
  };
}

/** A JSON call to an API process: status and parsed body. */
export async function call(base: string, method: string, path: string, token: string | null, body?: unknown): Promise<{ status: number; json: any }> {
  const res = await fetch(base + path, {
    method,
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
    body: body !== undefined ? JSON.stringify(body) : undefined,
  });
  const text = await res.text();
  let json: any = null;
  try {
    json = JSON.parse(text);
  } catch {
    json = text;
  }
  return { status: res.status, json };
}
