// The peer suite's mixed workload (issue 28 item 5), in a process of its own: `users` simulated
// users, each sending one operation after the other for `seconds` (no think time), each operation
// a read with probability `readShare` (one of `reads`, drawn uniformly) or else an edit of a random
// row. An edit is what an edit page does: read the record, then save it with a real new value of
// a filtered and summed column (`category`, `amount`):
//   - formwork: `GET {base}/api/auto/{form}/{id}` (its `version`), `POST {base}/api/auto/{form}/edit/{id}`
//     `{formName, data, version}` (CONTRACT.md §7);
//   - directus: `GET {base}/items/{collection}/{id}`, `PATCH {base}/items/{collection}/{id}` `{…data}`.
// Reads on stdin {users, seconds, seed, readShare, token, reads: [{name, method, url, body?}],
// edit: {kind, base, form, rows}}; prints {seconds, ops, opsPerSecond, reads: {n, p50, p99, byName},
// edits: {n, p50, p99}, non2xx, errors, statuses, samples} (ms; only 2xx operations are timed and counted
// as ops; a non-2xx or failed operation is counted apart and the user goes on).
import { prng } from './prng.mjs';

let input = '';
for await (const chunk of process.stdin) input += chunk;
const { users = 20, seconds = 30, seed = 1, readShare = 0.9, token, reads, edit } = JSON.parse(input);

const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
const readTimes = [];
const editTimes = [];
const byName = Object.fromEntries(reads.map((r) => [r.name, []]));
const statuses = {};
/** The first answer of each non-2xx status, to say why. */
const samples = {};
let non2xx = 0;
let errors = 0;

/** One HTTP call; answers the parsed body, or null after counting a non-2xx answer. */
async function call(url, init) {
  const res = await fetch(url, { ...init, headers });
  const text = await res.text();
  if (res.status < 200 || res.status > 299) {
    non2xx++;
    statuses[res.status] = (statuses[res.status] ?? 0) + 1;
    samples[res.status] ??= `${init.method} ${url.replace(/^https?:\/\/[^/]+/, '')}: ${text.slice(0, 200)}`;
    return null;
  }
  return text ? JSON.parse(text) : {};
}

async function editOnce(rand) {
  // The records bench's load voids one row in six (sys_status −2 where id % 6 = 5), and Formwork
  // refuses to edit a voided record (400): both systems edit the row before it instead.
  const drawn = 1 + Math.floor(rand() * edit.rows);
  const id = drawn % 6 === 5 ? drawn - 1 : drawn;
  const data = { category: 'abcde'[Math.floor(rand() * 5)], amount: Math.round(rand() * 1_000_000) / 100 };
  if (edit.kind === 'formwork') {
    const read = await call(`${edit.base}/api/auto/${edit.form}/${id}`, { method: 'GET' });
    if (!read) return false;
    return (await call(`${edit.base}/api/auto/${edit.form}/edit/${id}`, { method: 'POST', body: JSON.stringify({ formName: edit.form, data, version: read.data.version }) })) !== null;
  }
  if (!(await call(`${edit.base}/items/${edit.form}/${id}`, { method: 'GET' }))) return false;
  return (await call(`${edit.base}/items/${edit.form}/${id}`, { method: 'PATCH', body: JSON.stringify(data) })) !== null;
}

const end = performance.now() + seconds * 1000;
const started = performance.now();
await Promise.all(Array.from({ length: users }, async (_, u) => {
  const rand = prng(seed * 1000 + u);
  while (performance.now() < end) {
    const isRead = rand() < readShare;
    const read = isRead ? reads[Math.floor(rand() * reads.length)] : null;
    const t0 = performance.now();
    try {
      if (read) {
        const ok = (await call(read.url, { method: read.method, body: read.body === undefined ? undefined : JSON.stringify(read.body) })) !== null;
        if (ok) {
          const ms = performance.now() - t0;
          readTimes.push(ms);
          byName[read.name].push(ms);
        }
      } else if (await editOnce(rand)) {
        editTimes.push(performance.now() - t0);
      }
    } catch {
      errors++;
    }
  }
}));
const elapsed = (performance.now() - started) / 1000;

const pct = (xs, q) => {
  if (!xs.length) return null;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(q * s.length))];
};
const ops = readTimes.length + editTimes.length;
process.stdout.write(JSON.stringify({
  seconds: elapsed, ops, opsPerSecond: ops / elapsed,
  reads: { n: readTimes.length, p50: pct(readTimes, 0.5), p99: pct(readTimes, 0.99),
    byName: Object.fromEntries(Object.entries(byName).map(([k, v]) => [k, { n: v.length, p50: pct(v, 0.5), p99: pct(v, 0.99) }])) },
  edits: { n: editTimes.length, p50: pct(editTimes, 0.5), p99: pct(editTimes, 0.99) },
  non2xx, errors, statuses, samples,
}));
