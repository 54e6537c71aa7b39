/**
 * Tells every API process on one PostgreSQL that something it may hold in memory changed
 * (issue 16): `announceChange` is a pg_notify on the caller's connection — inside a transaction
 * it is delivered at commit, never for a rolled-back change — and `listenForChanges` keeps one
 * LISTEN connection per app that hands each message to the handlers registered with
 * `onChange`. A process that lost its LISTEN connection may have missed messages, so after
 * reconnecting it reports `{ kind: 'all' }`: drop everything.
 */
import pg from 'pg';
import { sql, type Kysely } from 'kysely';
import type { Database } from './types.js';

export const CHANGE_CHANNEL = 'formwork_changes';

/** What changed: a form's definition (its cached model), or anything (after a missed stretch). */
export type ChangeMessage = { kind: 'model'; tenantId: number; form: string } | { kind: 'all' };

type Handler = (message: ChangeMessage) => void;
const handlers = new Set<Handler>();

/** Registers a handler for every change heard (by any app of this process); returns its removal. */
export function onChange(handler: Handler): () => void {
  handlers.add(handler);
  return () => handlers.delete(handler);
}

function dispatch(message: ChangeMessage): void {
  for (const h of handlers) h(message);
}

/** Announces a change to every process (this one included) when the surrounding transaction commits. */
export async function announceChange(db: Kysely<Database>, message: ChangeMessage): Promise<void> {
  await sql`SELECT pg_notify(${CHANGE_CHANNEL}, ${JSON.stringify(message)})`.execute(db);
}

function parse(payload: string | undefined): ChangeMessage | null {
  try {
    const m = JSON.parse(payload ?? '') as ChangeMessage;
    if (m?.kind === 'all') return m;
    if (m?.kind === 'model' && Number.isInteger(m.tenantId) && typeof m.form === 'string') return m;
  } catch {
    // not ours
  }
  return null;
}

interface Logger {
  warn(obj: object, msg: string): void;
}

/** Wait before reconnecting a lost LISTEN connection. */
const RECONNECT_MS = 1000;

/**
 * Listens on `CHANGE_CHANNEL` with its own connection (the pool's settings); resolves once
 * listening. The returned function stops it (app close).
 */
export async function listenForChanges(connection: pg.ClientConfig, log: Logger): Promise<() => Promise<void>> {
  let stopped = false;
  let client: pg.Client | null = null;
  let timer: NodeJS.Timeout | null = null;

  const connect = async (): Promise<void> => {
    const c = new pg.Client({ ...connection, application_name: 'formwork-listen' });
    const lost = (err?: Error) => {
      if (client !== c) return;
      client = null;
      c.end().catch(() => {});
      if (stopped) return;
      log.warn({ err }, 'change feed connection lost; reconnecting');
      timer = setTimeout(() => void reconnect(), RECONNECT_MS);
    };
    c.on('notification', (n) => {
      const m = n.channel === CHANGE_CHANNEL ? parse(n.payload) : null;
      if (m) dispatch(m);
    });
    c.on('error', lost);
    c.on('end', () => lost());
    await c.connect();
    await c.query(`LISTEN ${CHANGE_CHANNEL}`);
    client = c;
  };
  const reconnect = async () => {
    timer = null;
    if (stopped) return;
    try {
      await connect();
      dispatch({ kind: 'all' });
    } catch (err) {
      log.warn({ err }, 'change feed cannot reconnect; trying again');
      timer = setTimeout(() => void reconnect(), RECONNECT_MS * 5);
    }
  };

  await connect();
  return async () => {
    stopped = true;
    if (timer) clearTimeout(timer);
    const c = client;
    client = null;
    await c?.end().catch(() => {});
  };
}
