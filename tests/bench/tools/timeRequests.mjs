// The bench's timing client, in a process of its own (as a real client is): reads
// {url, token, body, method, n, warmup} as JSON on stdin, sends the request warmup + n times one
// after the other over one keep-alive connection, and prints {samples, last} (ms, last answer).
// With `touch: {url, sql}` it runs that SQL (a write) on its own connection to the database before
// each request, untimed: every request then finds the table written since the one before.
let input = '';
for await (const chunk of process.stdin) input += chunk;
const { url, token, body, method = 'POST', n = 30, warmup = 5, touch } = JSON.parse(input);
const samples = [];
let last;
let touchClient = null;
if (touch) {
  const pg = (await import('pg')).default;
  touchClient = new pg.Client({ connectionString: touch.url });
  await touchClient.connect();
}
for (let i = -warmup; i < n; i++) {
  if (touchClient) await touchClient.query(touch.sql);
  const start = performance.now();
  const res = method === 'GET'
    ? await fetch(url, { headers: { authorization: `Bearer ${token}` } })
    : await fetch(url, { method, headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: JSON.stringify(body) });
  last = await res.json();
  if (res.status !== 200) { process.stderr.write(`${url}: ${res.status} ${JSON.stringify(last)}\n`); process.exit(1); }
  if (i >= 0) samples.push(performance.now() - start);
}
await touchClient?.end();
process.stdout.write(JSON.stringify({ samples, last }));
