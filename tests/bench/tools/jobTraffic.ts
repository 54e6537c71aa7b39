/**
 * What the job benches (io, jobs) share: a timing client in its own process, a job run to its end
 * with the server process's RSS and CPU sampled, and an .xlsx of the records bench's form.
 */
import { execFile } from 'node:child_process';
import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import { FORM } from '../suites/records.js';

const TIMER = new URL('./timeRequests.mjs', import.meta.url).pathname;

/** `n` timed POSTs of `body` to `url` from a client process of its own (after `warmup` untimed ones); ms each. */
export async function timeRequests(url: string, token: string, body: unknown, n: number, warmup = 2): Promise<number[]> {
  return (await timeRequestsAt(url, token, body, n, warmup)).map((r) => r.ms);
}

/** As timeRequests, with the wall-clock time (ms) each request started at. */
export async function timeRequestsAt(url: string, token: string, body: unknown, n: number, warmup = 2): Promise<{ at: number; ms: number }[]> {
  const child = execFile(process.execPath, [TIMER], { maxBuffer: 64 * 1024 * 1024 });
  const out = new Promise<string>((resolve, reject) => {
    let text = '';
    child.stdout!.on('data', (d) => { text += d; });
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve(text) : reject(new Error(`timing client exited with ${code}`))));
  });
  child.stdin!.end(JSON.stringify({ url, token, body, method: 'POST', n, warmup }));
  const { samples, at } = JSON.parse(await out) as { samples: number[]; at: number[] };
  return samples.map((ms, i) => ({ ms, at: at[i] }));
}

export const p99 = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(0.99 * xs.length))];

/** Peak RSS growth (MB) of this process (the server runs in it) from now until `stop()`. */
export function rssGrowth(): { stop: () => number } {
  global.gc?.();
  const before = process.memoryUsage().rss;
  let peak = before;
  const sampler = setInterval(() => { peak = Math.max(peak, process.memoryUsage().rss); }, 50);
  return {
    stop: () => {
      clearInterval(sampler);
      peak = Math.max(peak, process.memoryUsage().rss);
      return (peak - before) / 1048576;
    },
  };
}

/** The job API's view of a job. */
export async function readJob(base: string, token: string, id: string): Promise<any> {
  return (await (await fetch(`${base}/api/jobs/${id}`, { headers: { authorization: `Bearer ${token}` } })).json()).data;
}

/** Runs `start` (answers a job id) to the end; answers seconds, peak RSS growth (MB), this process's CPU seconds and the job. */
export async function runJob(base: string, token: string, start: () => Promise<string>, onPoll?: (job: any) => void): Promise<{ seconds: number; rssMb: number; cpuSeconds: number; job: any }> {
  const rss = rssGrowth();
  // The bench process's own CPU time (the server runs in it; PostgreSQL's is not counted): on a
  // busy shared machine it moves much less than the wall-clock time.
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  try {
    const id = await start();
    for (;;) {
      const job = await readJob(base, token, id);
      onPoll?.(job);
      if (!['queued', 'running'].includes(job.status)) {
        const cpu = process.cpuUsage(cpu0);
        return { seconds: (performance.now() - t0) / 1000, rssMb: rss.stop(), cpuSeconds: (cpu.user + cpu.system) / 1e6, job };
      }
      await new Promise((r) => setTimeout(r, 200));
    }
  } finally {
    rss.stop();
  }
}

/** An .xlsx of `rows` records of the bench form, written with exceljs's streaming writer. */
export async function benchImportFile(rows: number, owner: string): Promise<Buffer> {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (c: Buffer) => chunks.push(c));
  const ended = new Promise((r) => out.on('end', r));
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useSharedStrings: false, useStyles: false });
  const ws = wb.addWorksheet('导入');
  ws.addRow(FORM.fields.map((f) => f.label)).commit();
  for (let i = 0; i < rows; i++) {
    ws.addRow([`钢筋采购${i}`, `客户${i % 500}`, `HT-${i}`, 'ABCDE'[i % 5], ['east', 'west', 'north', 'south'][i % 4], (i % 10000) + 0.5, i % 100, 12.34,
      `2026-${String(1 + (i % 12)).padStart(2, '0')}-15`, '2026-03-01 08:30:00', owner, `备注${i}`, i % 5, i % 2 ? '是' : '否', '09:30:00']).commit();
  }
  ws.commit();
  await wb.commit();
  await ended;
  return Buffer.concat(chunks);
}

/**
 * The upload of `file` as importData's multipart body. Build it before a measured window: the copy
 * is the client's memory, not the server's, and both live in the bench's process.
 */
export function importUpload(file: Buffer): FormData {
  const body = new FormData();
  body.append('file', new Blob([new Uint8Array(file)]), 'bench.xlsx');
  return body;
}

/** Starts an import of `upload` into `form` through importData; answers the job id. */
export async function startImport(base: string, token: string, form: string, upload: FormData): Promise<string> {
  const r = await (await fetch(`${base}/api/auto/${form}/importData?onlyParse=false`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: upload })).json();
  if (!r.data?.jobId) throw new Error(`import not started: ${JSON.stringify(r)}`);
  return r.data.jobId as string;
}
