// What the change log of ADR 0933 costs a write: single-row UPDATE, INSERT and DELETE statements on
// the 1M-row bench table of coldFiltered.ts (load it first), timed with today's counting triggers
// and, alternately, with the triggers of ADR 0931 (no change log, no UPDATE transition table),
// installed for the comparison as `fw_count_rows_0931` and removed again afterwards:
//   npx tsx tests/bench/tools/writeCost.ts        # ROUNDS (4) × CALLS (300) per variant and kind
// Each timed statement is its own transaction (autocommit), as an edit is. Not part of `npm test`.
import pg from 'pg';

const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const url = new URL(ADMIN_URL);
url.pathname = '/formwork_cold';
const ROUNDS = Number(process.env.ROUNDS ?? 4);
const CALLS = Number(process.env.CALLS ?? 300);

const OLD_FUNCTION = `
  CREATE OR REPLACE FUNCTION fw_count_rows_0931() RETURNS trigger LANGUAGE plpgsql AS $fw$
  DECLARE f int := TG_ARGV[0]::int; d bigint; delta_id bigint;
  BEGIN
    IF TG_OP = 'INSERT' THEN SELECT count(*) INTO d FROM fw_new; IF d = 0 THEN RETURN NULL; END IF;
    ELSIF TG_OP = 'DELETE' THEN SELECT -count(*) INTO d FROM fw_old; IF d = 0 THEN RETURN NULL; END IF;
    ELSE d := 0; END IF;
    INSERT INTO public.form_row_counts (form_id, n, w) VALUES (f, d, 1) RETURNING id INTO delta_id;
    IF delta_id % 16 = 0 THEN
      WITH gone AS (DELETE FROM public.form_row_counts WHERE form_id = f AND id IN (
        SELECT id FROM public.form_row_counts WHERE form_id = f FOR UPDATE SKIP LOCKED) RETURNING n, w)
      INSERT INTO public.form_row_counts (form_id, n, w) SELECT f, sum(n), sum(w) FROM gone HAVING count(*) > 0;
    END IF;
    RETURN NULL;
  END $fw$`;

const median = (xs: number[]) => { const s = [...xs].sort((a, b) => a - b); return s[Math.floor(s.length / 2)]; };

const client = new pg.Client({ connectionString: url.toString() });
await client.connect();
try {
  const form = await client.query(`SELECT id, tenant_id FROM form_definitions WHERE en_name = 'bench_orders'`);
  const formId = Number(form.rows[0].id);
  const table = `t_${Number(form.rows[0].tenant_id)}.bench_orders`;
  const { rows: [{ max }] } = await client.query(`SELECT max(id)::int AS max FROM ${table}`);
  await client.query(OLD_FUNCTION);
  const install = async (shape: 'today' | '0931') => {
    await client.query('BEGIN');
    for (const name of ['fw_count_ins', 'fw_count_del', 'fw_count_upd']) await client.query(`DROP TRIGGER IF EXISTS ${name} ON ${table}`);
    const fn = shape === 'today' ? `fw_count_rows('${formId}', 'log')` : `fw_count_rows_0931('${formId}')`;
    await client.query(`CREATE TRIGGER fw_count_ins AFTER INSERT ON ${table} REFERENCING NEW TABLE AS fw_new FOR EACH STATEMENT EXECUTE FUNCTION ${fn}`);
    await client.query(`CREATE TRIGGER fw_count_del AFTER DELETE ON ${table} REFERENCING OLD TABLE AS fw_old FOR EACH STATEMENT EXECUTE FUNCTION ${fn}`);
    await client.query(shape === 'today'
      ? `CREATE TRIGGER fw_count_upd AFTER UPDATE ON ${table} REFERENCING NEW TABLE AS fw_new FOR EACH STATEMENT EXECUTE FUNCTION ${fn}`
      : `CREATE TRIGGER fw_count_upd AFTER UPDATE ON ${table} FOR EACH STATEMENT EXECUTE FUNCTION ${fn}`);
    await client.query('COMMIT');
  };
  const times: Record<string, number[]> = {};
  const time = async (label: string, text: string, values: unknown[]) => {
    const t0 = performance.now();
    await client.query(text, values);
    (times[label] ??= []).push(performance.now() - t0);
  };
  try {
    for (let r = 0; r < ROUNDS; r++) {
      for (const shape of ['0931', 'today'] as const) {
        await install(shape);
        for (let i = 0; i < CALLS; i++) {
          const id = 1 + Math.floor(Math.random() * max);
          await time(`${shape} UPDATE one row`, `UPDATE ${table} SET qty = qty WHERE id = $1`, [id]);
          await time(`${shape} INSERT one row`, `INSERT INTO ${table} (tenant_id, title) SELECT tenant_id, 'write cost' FROM ${table} WHERE id = $1`, [id]);
          await time(`${shape} DELETE one row`, `DELETE FROM ${table} WHERE id = (SELECT max(id) FROM ${table} WHERE title = 'write cost')`, []);
        }
      }
    }
  } finally {
    await install('today');
    await client.query('DROP FUNCTION IF EXISTS fw_count_rows_0931()');
  }
  for (const kind of ['UPDATE one row', 'INSERT one row', 'DELETE one row']) {
    const before = median(times[`0931 ${kind}`]);
    const after = median(times[`today ${kind}`]);
    console.log(`${kind}: ADR 0931 triggers ${before.toFixed(3)} ms, with the change log ${after.toFixed(3)} ms (+${(after - before).toFixed(3)} ms; ${times[`today ${kind}`].length} statements each)`);
  }
  console.log('load', (await import('node:fs')).readFileSync('/proc/loadavg', 'utf8').trim());
} finally {
  await client.end();
}
