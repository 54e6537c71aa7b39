/**
 * What a slow request of the bench waited on (issue 26 item 4: "instrument rather than guess").
 * The server runs in the bench's process, so three things are recorded there while a window is open:
 *   - event-loop stalls: a 10 ms timer that fires late by more than STALL_MS (the thread was busy:
 *     JavaScript, or on PGlite the WASM engine, which runs on this thread);
 *   - on PGlite, every engine exchange longer than SPAN_MS with the statement text that opened it
 *     (the one connection is held that long: every other request waits);
 *   - on PostgreSQL, the pool's waiting clients (a request waiting for a free connection).
 * `explain(request)` answers, for a request's [start, end], the stalls and engine exchanges that
 * overlap it, and the job's phase then (`phaseAt`, from the job polls the bench records).
 */
import { PGlite } from '@electric-sql/pglite';
import type pg from 'pg';
import { BatchedPgliteConnection } from '../../../src/server/db/pgliteConnection.js';

const STALL_MS = 50;
const SPAN_MS = 30;
const TICK_MS = 10;

export interface Span { at: number; ms: number; what: string }
export interface Timed { at: number; ms: number }

export interface WaitProbe {
  stalls: Span[];
  engine: Span[];
  /** Most pool clients waiting at once (PostgreSQL). */
  poolWaitMax: number;
  phases: { at: number; phase: string }[];
  notePhase(phase: string): void;
  explain(r: Timed): string;
  stop(): void;
}

type Exec = (message: Uint8Array, options?: unknown) => Promise<unknown>;

export function waitProbe(pool?: pg.Pool): WaitProbe {
  const stalls: Span[] = [];
  const engine: Span[] = [];
  const phases: { at: number; phase: string }[] = [];
  let poolWaitMax = 0;
  let last = Date.now();
  const timer = setInterval(() => {
    const now = Date.now();
    if (now - last - TICK_MS > STALL_MS) stalls.push({ at: last + TICK_MS, ms: now - last - TICK_MS, what: 'event loop' });
    last = now;
    if (pool) poolWaitMax = Math.max(poolWaitMax, pool.waitingCount);
  }, TICK_MS);

  // The statement text each exchange starts with (parse/query come before the exchange is sent).
  const proto = BatchedPgliteConnection.prototype as unknown as Record<string, (...a: unknown[]) => unknown>;
  const originals = { parse: proto.parse, query: proto.query };
  let text = '';
  proto.parse = function (this: unknown, q: unknown) { text = (q as { text: string }).text; return originals.parse.call(this, q); };
  proto.query = function (this: unknown, q: unknown) { text = q as string; return originals.query.call(this, q); };
  const liteProto = PGlite.prototype as unknown as { execProtocolStream: Exec };
  const exec = liteProto.execProtocolStream;
  liteProto.execProtocolStream = async function (this: PGlite, message: Uint8Array, options?: unknown) {
    const what = text;
    const t0 = Date.now();
    try {
      return await exec.call(this, message, options);
    } finally {
      const ms = Date.now() - t0;
      if (ms > SPAN_MS) engine.push({ at: t0, ms, what: what.replace(/\s+/g, ' ').slice(0, 90) });
    }
  };

  const overlap = (s: Span, r: Timed) => Math.max(0, Math.min(s.at + s.ms, r.at + r.ms) - Math.max(s.at, r.at));
  return {
    stalls, engine, phases,
    get poolWaitMax() { return poolWaitMax; },
    notePhase(phase) { if (phases[phases.length - 1]?.phase !== phase) phases.push({ at: Date.now(), phase }); },
    explain(r) {
      const phase = [...phases].reverse().find((p) => p.at <= r.at)?.phase ?? '?';
      const st = stalls.filter((s) => overlap(s, r) > 0);
      const en = engine.filter((s) => overlap(s, r) > 0).sort((a, b) => b.ms - a.ms);
      const stalled = st.reduce((n, s) => n + overlap(s, r), 0);
      const inEngine = en.reduce((n, s) => n + overlap(s, r), 0);
      const top = en[0] ? `; longest engine call ${en[0].ms} ms: ${en[0].what}` : '';
      return `${r.ms.toFixed(0)} ms in phase ${phase}: event loop stalled ${stalled.toFixed(0)} ms (${st.length}), engine ${inEngine.toFixed(0)} ms (${en.length})${top}`;
    },
    stop() {
      clearInterval(timer);
      proto.parse = originals.parse;
      proto.query = originals.query;
      liteProto.execProtocolStream = exec;
    },
  };
}
