// The fuzz run (issue 11): FUZZ_REQUESTS malformed list, record and definition requests (default
// 20,000, a third of each) against a real server in its own process, on PGlite, and on PostgreSQL
// when TEST_DATABASE_URL is set. It fails when any answer is 5xx (or the connection breaks) and
// reports the server's resident memory before and after. Bounded by FUZZ_SECONDS (default 900).
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { definitionRequest, listRequest, recordRequest, rng, type FuzzRequest, type TargetField } from './requests.js';

/** What one run found. */
export interface FuzzReport {
  database: 'pglite' | 'postgres';
  sent: number;
  byKind: Record<FuzzRequest['kind'], number>;
  byStatus: Record<string, number>;
  failures: { request: FuzzRequest; status: number | string; body: string }[];
  rssBeforeMb: number;
  rssAfterMb: number;
  rssPeakMb: number;
  seconds: number;
  timedOut: boolean;
  serverErrors: string[];
}

const FORMS = ['contract_ledger', 'purchase_request', 'project_wbs'];

/** The server's body limit (src/server/app.ts). */
const BODY_LIMIT = 10 * 1024 * 1024;

/** The resident set of a process in MB (Linux /proc). */
function rssMb(pid: number): number {
  const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Number(m[1]) / 1024 : NaN;
}

/** Starts fuzzServer.ts in a node process of its own (not through the tsx CLI, which would add a parent). */
async function startServer(database: 'pglite' | 'postgres', logs: string[]): Promise<{ child: ChildProcess; url: string; admin: string; admin2: string }> {
  const env = { ...process.env, FORMWORK_TEST_DB: database === 'postgres' ? 'postgres' : 'pglite' };
  const child = spawn(process.execPath, ['--import', 'tsx', join(import.meta.dirname, 'fuzzServer.ts')], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  child.stderr!.on('data', (d: Buffer) => logs.push(d.toString()));
  const lines = createInterface({ input: child.stdout! });
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`fuzz server exited (${code}): ${logs.join('').slice(-2000)}`)));
    lines.on('line', (line) => {
      if (line.startsWith('FUZZ_READY ')) resolve({ child, ...JSON.parse(line.slice('FUZZ_READY '.length)) });
      else if (line.trim()) logs.push(line);
    });
  });
}

async function json(url: string, token: string, method = 'GET', body?: unknown): Promise<any> {
  const res = await fetch(url, { method, headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) });
  return res.json();
}

/** Runs the fuzz against a fresh server on `database`; never throws on findings (see `failures`). */
export async function runFuzz(database: 'pglite' | 'postgres', opts: { requests?: number; seconds?: number; seed?: number; concurrency?: number } = {}): Promise<FuzzReport> {
  const total = opts.requests ?? Number(process.env.FUZZ_REQUESTS ?? 20_000);
  const limitMs = (opts.seconds ?? Number(process.env.FUZZ_SECONDS ?? 900)) * 1000;
  const r = rng(opts.seed ?? Number(process.env.FUZZ_SEED ?? 11));
  const logs: string[] = [];
  const server = await startServer(database, logs);
  try {
    const targets = new Map<string, { fields: TargetField[]; ids: number[] }>();
    for (const form of FORMS) {
      const def = (await json(`${server.url}/api/flowable/form/en/${form}`, server.admin)).data;
      const rows = (await json(`${server.url}/api/auto/${form}/list`, server.admin, 'POST', { pageSize: 50 })).rows ?? [];
      targets.set(form, { fields: def.fields, ids: rows.map((x: { id: number }) => x.id) });
    }
    const formIds = ((await json(`${server.url}/api/flowable/form/list?pageSize=100`, server.admin)).rows ?? []).map((x: { id: number }) => x.id);
    const report: FuzzReport = { database, sent: 0, byKind: { list: 0, record: 0, definition: 0 }, byStatus: {}, failures: [], rssBeforeMb: rssMb(server.child.pid!), rssAfterMb: 0, rssPeakMb: 0, seconds: 0, timedOut: false, serverErrors: [] };
    report.rssPeakMb = report.rssBeforeMb;
    const started = Date.now();
    const next = (i: number): FuzzRequest => {
      const form = FORMS[i % FORMS.length];
      const t = targets.get(form)!;
      const which = i % 3;
      return which === 0 ? listRequest(r, form, t.fields) : which === 1 ? recordRequest(r, form, t.fields, t.ids) : definitionRequest(r, formIds);
    };
    let index = 0;
    const worker = async () => {
      while (index < total) {
        if (Date.now() - started > limitMs) { report.timedOut = true; return; }
        const request = next(index++);
        const token = request.otherTenant ? server.admin2 : server.admin;
        let status: number | string;
        let text = '';
        const payload = request.method === 'POST' ? (request.raw ?? JSON.stringify(request.body ?? null)) : undefined;
        const bytes = payload === undefined ? 0 : Buffer.byteLength(payload);
        try {
          const res = await fetch(`${server.url}${request.path}`, {
            method: request.method,
            headers: { authorization: `Bearer ${token}`, ...(request.method === 'POST' ? { 'content-type': 'application/json' } : {}) },
            body: payload,
          });
          status = res.status;
          text = await res.text();
        } catch (err) {
          const cause = (err as Error & { cause?: { code?: string; message?: string } }).cause;
          // Over the body limit the server answers 413 from the length header and closes the
          // socket; a client still writing the body then sees the pipe break instead of the 413.
          if (bytes > BODY_LIMIT && (cause?.code === 'EPIPE' || cause?.code === 'ECONNRESET')) status = 'closed: body over 10 MB';
          else status = `error: ${(err as Error).message}${cause ? ` (${cause.code ?? cause.message})` : ''} [${bytes} bytes]`;
        }
        report.sent++;
        report.byKind[request.kind]++;
        report.byStatus[String(status)] = (report.byStatus[String(status)] ?? 0) + 1;
        if ((typeof status !== 'number' && !status.startsWith('closed:')) || (typeof status === 'number' && status >= 500)) {
          if (report.failures.length < 50) report.failures.push({ request: { ...request, body: JSON.stringify(request.body ?? null).slice(0, 2000) }, status, body: text.slice(0, 300) });
        }
        if (report.sent % 500 === 0) report.rssPeakMb = Math.max(report.rssPeakMb, rssMb(server.child.pid!));
      }
    };
    await Promise.all(Array.from({ length: opts.concurrency ?? 8 }, worker));
    report.seconds = (Date.now() - started) / 1000;
    report.rssAfterMb = rssMb(server.child.pid!);
    report.rssPeakMb = Math.max(report.rssPeakMb, report.rssAfterMb);
    report.serverErrors = logs.filter((l) => /"level":(50|60)/.test(l)).slice(0, 20).map((l) => l.slice(0, 3000));
    return report;
  } finally {
    server.child.kill('SIGTERM');
    await new Promise((done) => { server.child.once('exit', done); setTimeout(done, 15_000); });
  }
}
