/** The job API's shapes: a stored job, what a handler gets, and what it answers. */
import type { Kysely } from 'kysely';
import type { Database } from '../db/types.js';
import type { FileStore } from '../files/fileStore.js';

export type JobStatus = 'queued' | 'running' | 'done' | 'failed' | 'cancelled' | 'expired';

/** A job row as the runner and the status call see it. */
export interface JobRow {
  id: string;
  tenantId: number;
  userId: number;
  kind: string;
  title: string;
  status: JobStatus;
  phase: string;
  done: number;
  total: number | null;
  params: Record<string, unknown>;
  result: JobResult | null;
  error: string | null;
  cancelRequested: boolean;
  attempts: number;
  createTime: Date;
  finishTime: Date | null;
  expiresAt: Date | null;
  /** What a chunked job committed so far (written with each chunk: `ctx.checkpoint`), null before its first chunk. */
  checkpoint: Record<string, unknown> | null;
}

/** What a finished job leaves: a file in the store (download key), a message, anything else for the client. */
export interface JobResult {
  fileKey?: string;
  fileName?: string;
  msg?: string;
  [key: string]: unknown;
}

/** Thrown by `ctx.throwIfCancelled()`; the runner records the job as cancelled. */
export class JobCancelledError extends Error {
  constructor() {
    super('任务已取消');
    this.name = 'JobCancelledError';
  }
}

/** What a handler may use while it runs. */
export interface JobContext {
  db: Kysely<Database>;
  store: FileStore;
  /** The PostgreSQL connection string, where the app runs on PostgreSQL (a job may open connections of its own, e.g. in a worker thread). */
  databaseUrl?: string;
  /** Records progress (written at most a few times a second). */
  progress(done: number, total?: number | null, phase?: string): Promise<void>;
  /** Whether the owner asked to cancel (checked against the database about once a second). */
  cancelled(): boolean;
  throwIfCancelled(): void;
  /** Whether this process is stopping (the job is given back; cancelled() is then true too). */
  stopping(): boolean;
  /**
   * Ends the job as done (or failed, with `error`) inside the transaction `trx` that commits its
   * effects, so the effects and the end commit together: a kill before the commit redoes the
   * job from nothing, a kill after it finds the job ended. A handler with database effects calls
   * it last in its transaction; it throws (rolling the effects back) when another runner took the
   * job over. The handler then answers the same result.
   * `cancelled`: a chunked job stopped at its owner's cancel after some chunks were committed ends
   * as cancelled with a result saying what those chunks did (the one kind of cancelled job that
   * wrote something: invoice collection, ADR 1065).
   */
  commit(trx: Kysely<Database>, result: JobResult, error?: string, cancelled?: boolean): Promise<void>;
  /** Records a chunked job's cursor inside the transaction that commits the chunk (see `job.checkpoint`). */
  checkpoint(trx: Kysely<Database>, state: Record<string, unknown>, done: number): Promise<void>;
  /**
   * True where the database has one connection for every request (PGlite): long work commits in
   * short chunks and lets go of the connection between them, so other requests get their turn.
   */
  sharedConnection: boolean;
}

/** A job kind's work: answers the result, or throws (an HttpError's message is shown to the user). */
export type JobHandler = (job: JobRow, ctx: JobContext) => Promise<JobResult>;

/** How a queue hands jobs to this process: in-process on PGlite, pg-boss on PostgreSQL. */
export interface JobTransport {
  start(run: (jobId: string) => Promise<void>): Promise<void>;
  /** Announces a committed queued job to some runner (after `delaySeconds`, for a retry's wait). */
  announce(jobId: string, delaySeconds?: number): Promise<void>;
  stop(): Promise<void>;
}
