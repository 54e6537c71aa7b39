/**
 * The 审批期限 scheduler (ADR 1049): every few seconds each API process claims instances with a
 * task whose due (or advance-reminder) instant has come and fires them, one instance per
 * transaction. The claim is `FOR UPDATE SKIP LOCKED` on the instance row, so with several
 * processes on one PostgreSQL each instance is taken by one of them, and on PGlite the one
 * connection runs one transaction at a time; the per-task conditional updates make a second
 * claim of the same instance fire nothing. Nothing is kept in memory: due times live on the task
 * rows, so a restart loses nothing and a process that starts late fires what is overdue.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.js';
import { claimDueInstance } from '../repositories/flowDeadlines.js';
import { fireInstanceDeadlines } from './deadlineFiring.js';
import { readInstance } from '../repositories/flowInstances.js';

/** Seconds between scans: FLOW_DEADLINE_TICK_SECONDS (1–50), default 20, so a deadline fires within a minute. */
export function deadlineTickSeconds(env: NodeJS.ProcessEnv = process.env): number {
  const n = Number(env.FLOW_DEADLINE_TICK_SECONDS);
  return Number.isInteger(n) && n >= 1 && n <= 50 ? n : 20;
}

/** Instances fired per scan at most; the next scan continues. */
const BATCH = 100;

interface Log {
  error(obj: unknown, msg?: string): void;
}

export class DeadlineScheduler {
  #timer: NodeJS.Timeout | null = null;
  #chain: Promise<unknown> = Promise.resolve();

  constructor(private readonly opts: { db: Kysely<Database>; now: () => Date; log: Log; tickSeconds: number }) {}

  /** One scan at the clock's current time; scans of this process run one after another. Answers how many deadlines and reminders fired. */
  tick(): Promise<number> {
    const run = this.#chain.then(() => this.#scan(this.opts.now()));
    this.#chain = run.catch(() => undefined);
    return run;
  }

  start(): void {
    if (this.#timer) return;
    this.#timer = setInterval(() => {
      this.tick().catch((e) => this.opts.log.error(e, 'flow deadline scan failed'));
    }, this.opts.tickSeconds * 1000);
    this.#timer.unref();
  }

  /** Stops scanning and waits for a scan in flight. */
  async stop(): Promise<void> {
    if (this.#timer) clearInterval(this.#timer);
    this.#timer = null;
    await this.#chain;
  }

  async #scan(now: Date): Promise<number> {
    const { db } = this.opts;
    let fired = 0;
    for (let i = 0; i < BATCH; i++) {
      let claimed: { id: number; tenantId: number } | undefined;
      try {
        const n = await db.transaction().execute(async (trx) => {
          claimed = await claimDueInstance(trx, now);
          return claimed ? fireInstanceDeadlines(trx, claimed.tenantId, claimed.id, now) : -1;
        });
        if (n < 0) break;
        fired += n;
      } catch (e) {
        if (!claimed) throw e;
        // The action could not run (the next node finds nobody, a calendar without working
        // days, …): rolled back; the deadline still fires, as a reminder, so it is not retried forever.
        this.opts.log.error(e, `flow deadline of instance ${claimed.id} fell back to a reminder`);
        const { id, tenantId } = claimed;
        fired += await db.transaction().execute(async (trx) => ((await readInstance(trx, tenantId, id, true)) ? fireInstanceDeadlines(trx, tenantId, id, now, true) : 0));
      }
    }
    return fired;
  }
}
