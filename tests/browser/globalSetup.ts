/**
 * Browser tests run against the built client. Build dist/client when it is missing or older than
 * its sources, then test against a private snapshot of it: other sessions may rebuild dist/client
 * (emptying it) while these tests run, which would break lazily loaded chunks mid-test.
 * Also launches the run's one Chromium: every file connects to it and opens contexts of its own
 * (support/launchChromium.ts).
 */
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { TestProject } from 'vitest/node';
import { launchChromiumServer } from './support/launchChromium';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The client snapshot the test servers serve. */
    clientDir: string;
    /** The run's shared Chromium (playwright's ws endpoint). */
    chromiumEndpoint: string;
  }
}

const root = resolve(import.meta.dirname, '../..');
const dist = join(root, 'dist/client');

function newest(path: string): number {
  if (!existsSync(path)) return 0;
  const st = statSync(path);
  if (!st.isDirectory()) return st.mtimeMs;
  let t = 0;
  for (const entry of readdirSync(path)) t = Math.max(t, newest(join(path, entry)));
  return t;
}

function build(outDir: string): void {
  const r = spawnSync('npx', ['vite', 'build', '--logLevel', 'warn', '--outDir', outDir, '--emptyOutDir'], { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) throw new Error('vite build failed; browser tests need the built client');
}

/** Every asset the entry page names is present (a snapshot taken mid-build would lack some). */
function complete(dir: string): boolean {
  const index = join(dir, 'index.html');
  if (!existsSync(index)) return false;
  const refs = [...readFileSync(index, 'utf8').matchAll(/(?:src|href)="\/(assets\/[^"]+)"/g)].map((m) => m[1]);
  return refs.length > 0 && refs.every((ref) => existsSync(join(dir, ref)));
}

/** Vitest global setup for the `browser` project; returns the teardown. */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const sources = ['src/client', 'src/shared', 'schema-adapters', 'index.html', 'vite.config.ts'].map((p) => newest(join(root, p)));
  const built = join(dist, 'index.html');
  if (!existsSync(built) || statSync(built).mtimeMs < Math.max(...sources)) build(dist);
  const snapshot = mkdtempSync(join(tmpdir(), 'fw-client-'));
  cpSync(dist, snapshot, { recursive: true });
  if (!complete(snapshot)) build(snapshot);
  project.provide('clientDir', snapshot);
  let chromium: Awaited<ReturnType<typeof launchChromiumServer>>;
  try {
    chromium = await launchChromiumServer();
  } catch (err) {
    rmSync(snapshot, { recursive: true, force: true });
    throw err;
  }
  project.provide('chromiumEndpoint', chromium.server.wsEndpoint());
  return async () => {
    await chromium.close();
    rmSync(snapshot, { recursive: true, force: true });
  };
}
