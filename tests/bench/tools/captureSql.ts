/**
 * Captures the statements the API sends to the database during one request, so the bench's
 * "raw SQL" is exactly what the API issues (issue 15, goal 4), not a hand-written neighbour.
 * pg-pool emits `acquire` each time a client is checked out; each client's `query` is wrapped
 * once and records text and values while a capture is open.
 */
import type pg from 'pg';

/** One statement as sent: text and bound values. */
export interface Captured {
  text: string;
  values: unknown[];
}

/** Starts recording on `pool`; the returned function stops and answers what was sent. */
export function captureSql(pool: pg.Pool, keep: (text: string) => boolean): () => Captured[] {
  const seen: Captured[] = [];
  let open = true;
  const wrap = (client: pg.PoolClient & { fwWrapped?: boolean }) => {
    if (client.fwWrapped) return;
    client.fwWrapped = true;
    const query = client.query.bind(client) as (...args: unknown[]) => unknown;
    (client as { query: unknown }).query = (...args: unknown[]) => {
      const [first, second] = args;
      const text = typeof first === 'string' ? first : (first as { text?: string })?.text ?? '';
      const values = (Array.isArray(second) ? second : (first as { values?: unknown[] })?.values) ?? [];
      if (capturing.has(pool) && keep(text)) capturing.get(pool)!.push({ text, values });
      return query(...args);
    };
  };
  capturing.set(pool, seen);
  if (!listening.has(pool)) {
    listening.add(pool);
    pool.on('acquire', wrap);
  }
  return () => {
    if (open) { open = false; capturing.delete(pool); }
    return seen;
  };
}

const capturing = new Map<pg.Pool, Captured[]>();
const listening = new Set<pg.Pool>();

/** Times `statements` run one after another on one pooled connection, `n` times after 5 warm-ups. */
export async function timeCaptured(pool: pg.Pool, statements: Captured[], n: number): Promise<number[]> {
  const samples: number[] = [];
  const client = await pool.connect();
  try {
    for (let i = -5; i < n; i++) {
      const start = performance.now();
      for (const s of statements) await client.query(s.text, s.values as unknown[]);
      if (i >= 0) samples.push(performance.now() - start);
    }
  } finally {
    client.release();
  }
  return samples;
}
