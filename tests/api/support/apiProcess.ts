/**
 * Real API processes for the process, kill and scale tests: `src/server/main.ts` started as a
 * child process (tsx) on its own random port, with the environment given (DATABASE_URL,
 * DATA_DIR, FILE_STORE, …). It is ready when it logs its address; `stop()` sends SIGTERM and
 * waits for it to exit.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));

/** A `src/server/main.ts` child process as spawned, before it listens. */
export interface MainProcess {
  child: ChildProcess;
  /** Its address once it logs it; rejects with its output when it exits first. */
  address: Promise<string>;
  /** The exit code (null when killed by a signal). */
  exited: Promise<number | null>;
  /** Everything the process printed (pino JSON lines), for failure messages and assertions. */
  output(): string;
}

/**
 * Spawns `src/server/main.ts` as `npm start` does, without the client build: its own random port,
 * the seed's admin password, and the environment given over those (DATABASE_URL, DATA_DIR, …).
 */
export function spawnMain(env: Record<string, string>): MainProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    cwd: ROOT,
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'info', CLIENT_DIR: '/nonexistent-client', ADMIN_PASSWORD: 'admin123', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const address = new Promise<string>((resolve, reject) => {
    child.stdout!.on('data', (c: Buffer) => {
      out += c.toString();
      const m = /"address":"(http:\/\/127\.0\.0\.1:\d+)"/.exec(out);
      if (m) resolve(m[1]);
    });
    child.stderr!.on('data', (c: Buffer) => (out += c.toString()));
    void exited.then((code) => reject(new Error(`API process exited (${code}) before listening:\n${out}`)));
  });
  address.catch(() => {}); // awaited by callers that expect a start; the others watch `exited`
  return { child, address, exited, output: () => out };
}

export interface ApiProcess extends MainProcess {
  url: string;
  /** SIGTERM, then the exit code (null when killed by a signal). */
  stop(): Promise<number | null>;
}

/** Starts one API process; rejects with its output when it exits or stays silent for `timeoutMs`. */
export async function startApiProcess(env: Record<string, string>, timeoutMs = 180_000): Promise<ApiProcess> {
  const main = spawnMain(env);
  let timer: NodeJS.Timeout | undefined;
  const silent = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      main.child.kill('SIGKILL');
      reject(new Error(`API process did not start in ${timeoutMs} ms:\n${main.output()}`));
    }, timeoutMs);
  });
  try {
    const url = await Promise.race([main.address, silent]);
    return {
      ...main,
      url,
      async stop() {
        if (main.child.exitCode === null && main.child.signalCode === null) main.child.kill('SIGTERM');
        return main.exited;
      },
    };
  } finally {
    clearTimeout(timer);
  }
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

/** A call to an API process, JSON (or a FormData body as multipart): status and parsed body. */
export async function call(base: string, method: string, path: string, token: string | null, body?: unknown): Promise<{ status: number; json: any }> {
  const json = body !== undefined && !(body instanceof FormData);
  const res = await fetch(base + path, {
    method,
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(json ? { 'content-type': 'application/json' } : {}) },
    body: json ? JSON.stringify(body) : (body as FormData | undefined),
  });
  const text = await res.text();
  try {
    return { status: res.status, json: JSON.parse(text) };
  } catch {
    return { status: res.status, json: text };
  }
}
