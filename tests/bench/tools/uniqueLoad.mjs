// autocannon in a process of its own where every request's body is one no request before it sent,
// so no answer kept until the next write (ADR 0307) can serve it and each request runs its SQL
// (issue 15 goal 5, ADR 0308). Reads {url, token, body, connections, seconds} as JSON on stdin; the
// body's `searchConList` gets one more entry, `qty >= -n` for the n-th request (every row has
// qty ≥ 0, so the rows and the total are those of `body`; the SQL differs in one parameter), and
// `pageNum` goes 1, 2, 3, 4, 5, 1, … Prints autocannon's result as JSON.
import autocannon from 'autocannon';

let input = '';
for await (const chunk of process.stdin) input += chunk;
const { url, token, body, connections = 20, seconds = 10 } = JSON.parse(input);
let n = 0;
const result = await autocannon({
  url,
  connections,
  duration: seconds,
  requests: [{
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    setupRequest: (req) => {
      n++;
      const unique = { ...body, pageNum: 1 + (n % 5), searchConList: [...(body.searchConList ?? []), { enName: 'qty', qty$start: -n }] };
      return { ...req, body: JSON.stringify(unique) };
    },
  }],
});
process.stdout.write(JSON.stringify(result));
