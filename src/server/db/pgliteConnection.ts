/**
 * The `pg` connection PGlite's pool clients use (issue 15, goal 5; ADR 0305). PGlite's own adapter
 * (`@electric-sql/pglite/node-postgres`) hands every protocol message to the WASM engine on its
 * own: one query with bound values is Parse, Bind, Describe, Execute and Sync, five trips into
 * the engine, each with its fixed cost and its own parse of the answer. This connection keeps the
 * messages of one extended-protocol exchange until `sync` (or `flush`, for cursors) and sends
 * them in one call, which PostgreSQL reads exactly as it reads them from a socket. The simple
 * protocol (`query`) and the COPY messages go at once, as before.
 *
 * A statement text it is sent a second time becomes a prepared statement of the session (ADR 0308):
 * the engine then binds the kept parse tree instead of parsing and analysing the text again, the
 * larger part of a short statement's engine time. Every execution is still planned with its own
 * values (`plan_cache_mode = force_custom_plan`, the plan an unnamed statement gets), so plans and
 * answers are those of before. A statement that may change what a kept text means (DDL, SET,
 * ROLLBACK, DEALLOCATE …) drops every kept statement, so the engine never has to re-analyse one
 * whose result columns changed (which it refuses: SQLSTATE 0A000).
 */
import { EventEmitter } from 'node:events';
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { serialize } from 'pg-protocol';

type Serialize = typeof serialize;

export class BatchedPgliteConnection extends EventEmitter {
  /** Read by pg's Client (it never writes to a socket here). */
  _connecting = false;
  stream = { destroy: () => this.end() };
  parsedStatements: Record<string, string> = {};
  submittedNamedStatements: Record<string, string> = {};
  readonly #pglite: PGlite;
  #pending: Uint8Array[] = [];
  /** Exchanges run one after another, in the order pg sent them. */
  #chain: Promise<unknown>;
  #wantsMessages = false;
  /** Kept prepared statements: statement text (and parameter types) → name, least recently used first. */
  readonly #prepared = new Map<string, string>();
  /** Texts sent once so far (a text sent once is not worth a prepared statement). */
  readonly #seenOnce = new Map<string, true>();
  /** The prepared statement the next Bind of the unnamed statement uses instead. */
  #bindTo: string | null = null;
  /** Names whose Parse went out in the exchange under way, confirmed by its ParseComplete. */
  #naming: { key: string; name: string } | null = null;
  /** Kept statements to close with the next extended exchange. */
  #toClose: string[] = [];
  #nextName = 0;
  /** Whether the exchange being built binds a kept statement. */
  #usingKept = false;
  /** False once something may have put the session's plan_cache_mode back to generic plans. */
  #keeping = true;

  constructor(pglite: PGlite) {
    super();
    this.#pglite = pglite;
    this.#chain = pglite.waitReady;
    this.on('newListener', (name) => {
      if (name === 'message') this.#wantsMessages = true;
    });
  }

  async connect(): Promise<void> {
    this._connecting = true;
    await this.#pglite.waitReady;
    // PGlite's one session outlives the pool client that used it: what a client dropped after an
    // error left behind (an open transaction, its prepared statements) is cleared as a server
    // clears it at disconnect, so the new client's statements do not meet stale ones.
    // Every execution of a kept statement is planned with its values, as an unnamed one is (a
    // generic plan can be far slower for a page of a large table).
    this.#chain = this.#chain.then(() => this.#pglite.exec('ROLLBACK; DEALLOCATE ALL; SET plan_cache_mode = force_custom_plan')).catch(() => {});
    await this.#chain;
    process.nextTick(() => this.emit('readyForQuery'));
  }

  requestSsl(): void {}
  startup(): void {}
  cancel(): void {}
  password(): void {}
  ref(): void {}
  unref(): void {}

  sendSASLInitialResponseMessage(mechanism: string, initialResponse: string): void {
    this.#now(serialize.sendSASLInitialResponseMessage(mechanism, initialResponse));
  }
  sendSCRAMClientFinalMessage(additionalData: string): void {
    this.#now(serialize.sendSCRAMClientFinalMessage(additionalData));
  }
  query(text: string): void {
    if (mayChangeMeaning(text)) this.#forgetPrepared();
    if (PLAN_MODE_TOUCHED.test(text)) this.#keeping = false;
    this.#now(serialize.query(text));
  }
  parse(query: Parameters<Serialize['parse']>[0]): void {
    this.#bindTo = null;
    if (mayChangeMeaning(query.text)) this.#forgetPrepared();
    if (PLAN_MODE_TOUCHED.test(query.text)) this.#keeping = false;
    for (const name of this.#toClose.splice(0)) this.#pending.push(serialize.close({ type: 'S', name }));
    if (query.name || !this.#keeping) {
      this.#pending.push(serialize.parse(query));
      return;
    }
    const key = query.types?.length ? `${query.types.join(',')}\u0000${query.text}` : query.text;
    const name = this.#prepared.get(key);
    if (name !== undefined) {
      this.#prepared.delete(key);
      this.#prepared.set(key, name);
      this.#bindTo = name;
      this.#usingKept = true;
      return;
    }
    if (!this.#seenOnce.has(key)) {
      this.#seenOnce.set(key, true);
      if (this.#seenOnce.size > SEEN_MAX) this.#seenOnce.delete(this.#seenOnce.keys().next().value as string);
      this.#pending.push(serialize.parse(query));
      return;
    }
    const fresh = `fwk_${this.#nextName++}`;
    this.#naming = { key, name: fresh };
    this.#bindTo = fresh;
    this.#pending.push(serialize.parse({ ...query, name: fresh }));
  }
  bind(config: Parameters<Serialize['bind']>[0]): void {
    const statement = config?.statement || this.#bindTo || '';
    this.#pending.push(serialize.bind(statement ? { ...config, statement } : config));
  }
  execute(config: Parameters<Serialize['execute']>[0]): void {
    this.#pending.push(serialize.execute(config));
  }
  describe(msg: Parameters<Serialize['describe']>[0]): void {
    this.#pending.push(serialize.describe(msg));
  }
  close(msg: Parameters<Serialize['close']>[0]): void {
    // pg closes the unnamed statement after a Bind it could not build: a kept one stays kept.
    this.#pending.push(serialize.close(msg));
  }
  flush(): void {
    this.#now(serialize.flush());
  }
  sync(): void {
    this.#now(serialize.sync());
    this.#bindTo = null;
  }
  sendCopyFromChunk(chunk: Buffer): void {
    this.#now(serialize.copyData(chunk));
  }
  endCopyFrom(): void {
    this.#now(serialize.copyDone());
  }
  sendCopyFail(message: string): void {
    this.#now(serialize.copyFail(message));
  }

  #keep(key: string, name: string): void {
    const before = this.#prepared.get(key);
    if (before !== undefined) this.#toClose.push(before);
    this.#prepared.delete(key);
    this.#prepared.set(key, name);
    if (this.#prepared.size > PREPARED_MAX) {
      const [oldKey, oldName] = this.#prepared.entries().next().value as [string, string];
      this.#prepared.delete(oldKey);
      this.#toClose.push(oldName);
    }
  }

  end(): void {
    this.#chain = this.#chain.then(() => {
      this.emit('end');
      this.removeAllListeners();
    });
  }

  /** Drops every kept statement (closed with the next extended exchange). */
  #forgetPrepared(): void {
    for (const name of this.#prepared.values()) this.#toClose.push(name);
    this.#prepared.clear();
    this.#bindTo = null;
  }

  /** Sends what is pending followed by `message`, as one exchange with the engine. */
  #now(message: Uint8Array): void {
    const parts = this.#pending;
    this.#pending = [];
    parts.push(message);
    const bytes = parts.length === 1 ? parts[0]! : Buffer.concat(parts);
    const naming = this.#naming;
    const usingKept = this.#usingKept;
    this.#naming = null;
    this.#usingKept = false;
    this.#chain = this.#chain
      .then(() => this.#pglite.execProtocolStream(bytes, { throwOnError: false }))
      .then((messages) => {
        for (const m of messages) {
          // A statement is kept only once the engine has it (a Parse after an error is skipped).
          if (naming && m.name === 'parseComplete') this.#keep(naming.key, naming.name);
          // A kept statement the engine no longer has, or whose result changed under a write this
          // connection did not recognise: that request fails, the next ones parse afresh.
          if (usingKept && m.name === 'error' && STALE_CODES.has((m as { code?: string }).code ?? '')) this.#forgetPrepared();
          if (this.#wantsMessages) this.emit('message', m);
          this.emit(m.name === 'error' ? 'errorMessage' : m.name, m);
        }
      })
      .catch((err: unknown) => {
        this.emit('error', err);
      });
  }
}

/** Prepared statements kept per connection, and texts remembered as seen once. */
export const PREPARED_MAX = 500;
const SEEN_MAX = 1000;
/**
 * Statements that may have reset `plan_cache_mode` (RESET, DISCARD, or naming it): this connection
 * then keeps no more statements, since a kept one might get a generic plan (the next connection,
 * after the pool retires this one, sets the mode again).
 */
const PLAN_MODE_TOUCHED = /^\s*(reset|discard)\b|plan_cache_mode/i;
/** feature_not_supported ("cached plan must not change result type"), invalid_sql_statement_name. */
const STALE_CODES = new Set(['0A000', '26000']);

/**
 * Statements after which a kept prepared statement could mean something else: anything that is not
 * a plain read, a plain row write or transaction control that keeps what was done — DDL, SET and
 * set_config (search_path), ROLLBACK (may undo DDL), DEALLOCATE and DISCARD (drop the statements),
 * DO and CALL (run anything) — and any statement naming such a command. A needless match only
 * costs parsing the next statements again.
 */
const PLAIN_START = /^\s*(select|with|insert|update|delete|merge|copy|explain|show|values|table|begin|start\s+transaction|commit|end|savepoint|release|fetch|close|declare)\b/i;
const MEANING_WORD = /\b(create|alter|drop|rename|set_config|deallocate|discard)\b/i;

export function mayChangeMeaning(text: string): boolean {
  return !PLAIN_START.test(text) || MEANING_WORD.test(text);
}

/**
 * Pool settings for `pg` over `pglite`: one client at a time (PGlite is one session, so a
 * transaction holds it), each with a BatchedPgliteConnection of its own (a client the pool drops
 * after an error ends only its own connection).
 */
export function batchedPgConfig(pglite: PGlite): pg.PoolConfig {
  class PgliteClient extends pg.Client {
    constructor(config?: pg.ClientConfig) {
      super({ ...config, connection: new BatchedPgliteConnection(pglite) } as pg.ClientConfig);
    }
  }
  return { max: 1, Client: PgliteClient, user: 'postgres', password: 'dummy', database: 'postgres', host: 'localhost', port: 5432 };
}
