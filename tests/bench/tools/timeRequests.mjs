// The bench's timing client, in a process of its own (as a real client is): reads
// {url, token, body, method, n, warmup, keepGoing, touch} as JSON on stdin, sends the request
// warmup + n times one after the other over one keep-alive connection, and prints
// {samples, at, last, non2xx, errors, statuses} (ms of the 2xx answers, the wall-clock ms each of
// them started at, the last 2xx answer).
//
// A non-2xx answer or a failed request ends the client with exit code 1 unless `keepGoing`: then
// it is counted (non2xx / errors, statuses by code) and left out of the samples, and the client
// goes on (the peer suite reports them instead of aborting).
//
// `touch` is a write run before each request, untimed, so every request finds the table written
// since the one before. Its values come from a PRNG seeded with `touch.seed`, so two clients given
// the same touch make the same writes in the same order (the peer suite's systems then hold the
// same rows after each case): per request, a row id in 1 … rows − span + 1, an amount and a category.
//   - {url, sql, seed, rows, span}: `sql` on its own connection to the database `url`, with
//     $1 = id, $2 = amount, $3 = category (the SQL decides how many rows from $1 it writes);
//   - {http, token, seed, rows, span}: through an API (Directus's, so its cache purges): span 1 is
//     `PATCH {http}/{id}` {amount, category}; more is `PATCH {http}` {keys: [id … id+span−1], data}.
import { prng } from './prng.mjs';

let input = '';
for await (const chunk of process.stdin) input += chunk;
const { url, token, body, method = 'POST', n = 30, warmup = 5, keepGoing = false, touch } = JSON.parse(input);

const samples = [];
const at = [];
const statuses = {};
let last;
let non2xx = 0;
let errors = 0;
let touchClient = null;
const rand = touch ? prng(touch.seed ?? 1) : null;
if (touch?.sql) {
  const pg = (await import('pg')).default;
  touchClient = new pg.Client({ connectionString: touch.url });
  await touchClient.connect();
}

async function write() {
  const span = touch.span ?? 1;
  const id = 1 + Math.floor(rand() * (touch.rows - span + 1));
  const amount = Math.round(rand() * 1_000_000) / 100;
  const category = 'abcde'[Math.floor(rand() * 5)];
  if (touchClient) return void await touchClient.query(touch.sql, [id, amount, category]);
  const headers = { authorization: `Bearer ${touch.token}`, 'content-type': 'application/json' };
  const res = span === 1
    ? await fetch(`${touch.http}/${id}`, { method: 'PATCH', headers, body: JSON.stringify({ amount, category }) })
    : await fetch(touch.http, { method: 'PATCH', headers, body: JSON.stringify({ keys: Array.from({ length: span }, (_, i) => id + i), data: { amount, category } }) });
  const text = await res.text();
  if (!res.ok) throw new Error(`touch ${touch.http}: ${res.status} ${text.slice(0, 300)}`);
}

for (let i = -warmup; i < n; i++) {
  if (touch) await write();
  const start = performance.now();
  let res;
  let answer;
  try {
    res = method === 'GET'
      ? await fetch(url, { headers: { authorization: `Bearer ${token}` } })
      : await fetch(url, { method, headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: JSON.stringify(body) });
    const text = await res.text();
    try { answer = JSON.parse(text); } catch { answer = text.slice(0, 300); }
  } catch (error) {
    if (!keepGoing) throw error;
    errors++;
    continue;
  }
  const ms = performance.now() - start;
  if (res.status < 200 || res.status > 299) {
    if (!keepGoing) { process.stderr.write(`${url}: ${res.status} ${JSON.stringify(answer)}\n`); process.exit(1); }
    non2xx++;
    statuses[res.status] = (statuses[res.status] ?? 0) + 1;
    continue;
  }
  last = answer;
  if (i >= 0) { samples.push(ms); at.push(performance.timeOrigin + start); }
}
await touchClient?.end();
process.stdout.write(JSON.stringify({ samples, at, last, non2xx, errors, statuses }));
