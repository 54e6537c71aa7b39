/**
 * The `pg` connection PGlite's pool clients use (issue 15, goal 5; ADR 0305). PGlite's own adapter
 * (`@electric-sql/pglite/node-postgres`) hands every protocol message to the WASM engine on its
 * own: one query with bound values is Parse, Bind, Describe, Execute and Sync, five trips into
 * the engine, each with its fixed cost and its own parse of the answer. This connection keeps the
 * messages of one extended-protocol exchange until `sync` (or `flush`, for cursors) and sends
 * them in one call, which PostgreSQL reads exactly as it reads them from a socket. The simple
 * protocol (`query`) and the COPY messages go at once, as before.
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
  readonly #writes: WriteCounter;
  #pending: Uint8Array[] = [];
  /** Exchanges run one after another, in the order pg sent them. */
  #chain: Promise<unknown>;
  #wantsMessages = false;

  constructor(pglite: PGlite, writes: WriteCounter) {
    super();
    this.#pglite = pglite;
    this.#writes = writes;
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
    this.#chain = this.#chain.then(() => this.#pglite.exec('ROLLBACK; DEALLOCATE ALL')).catch(() => {});
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
    this.#writes.see(text);
    this.#now(serialize.query(text));
  }
  parse(query: Parameters<Serialize['parse']>[0]): void {
    this.#writes.see(query.text);
    this.#pending.push(serialize.parse(query));
  }
  bind(config: Parameters<Serialize['bind']>[0]): void {
    this.#pending.push(serialize.bind(config));
  }
  execute(config: Parameters<Serialize['execute']>[0]): void {
    this.#pending.push(serialize.execute(config));
  }
  describe(msg: Parameters<Serialize['describe']>[0]): void {
    this.#pending.push(serialize.describe(msg));
  }
  close(msg: Parameters<Serialize['close']>[0]): void {
    this.#pending.push(serialize.close(msg));
  }
  flush(): void {
    this.#now(serialize.flush());
  }
  sync(): void {
    this.#now(serialize.sync());
  }
  sendCopyFromChunk(chunk: Buffer): void {
    this.#writes.count++;
    this.#now(serialize.copyData(chunk));
  }
  endCopyFrom(): void {
    this.#now(serialize.copyDone());
  }
  sendCopyFail(message: string): void {
    this.#now(serialize.copyFail(message));
  }

  end(): void {
    this.#chain = this.#chain.then(() => {
      this.emit('end');
      this.removeAllListeners();
    });
  }

  /** Sends what is pending followed by `message`, as one exchange with the engine. */
  #now(message: Uint8Array): void {
    const parts = this.#pending;
    this.#pending = [];
    parts.push(message);
    const bytes = parts.length === 1 ? parts[0]! : Buffer.concat(parts);
    this.#chain = this.#chain
      .then(() => this.#pglite.execProtocolStream(bytes, { throwOnError: false }))
      .then((messages) => {
        for (const m of messages) {
          if (this.#wantsMessages) this.emit('message', m);
          this.emit(m.name === 'error' ? 'errorMessage' : m.name, m);
        }
      })
      .catch((err: unknown) => {
        this.emit('error', err);
      });
  }
}

/**
 * Statements that read only: they start as a read or a transaction-control statement and name no
 * writing command anywhere (a data-modifying CTE, `FOR UPDATE`, a column called `update` count as
 * writes: a needless count only costs a cache miss).
 */
const READ_START = /^\s*(select|with|explain|show|begin|start\s+transaction|commit|end|rollback|savepoint|release|fetch|close|declare|deallocate)\b/i;
const WRITE_WORD = /\b(insert|update|delete|truncate|merge|copy|call|do|alter|drop|create|grant|revoke|vacuum|analyze|cluster|reindex|refresh|lock|set_config|setval|nextval)\b/i;

export function isReadOnlyStatement(text: string): boolean {
  return READ_START.test(text) && !WRITE_WORD.test(text);
}

/**
 * How many statements that may write this database has been sent (through any of its pool's
 * connections). PGlite is one process's database (the data directory is locked) and its pool has
 * one client, so a reader that saw the same count before and after its query saw no write since.
 */
export class WriteCounter {
  count = 0;
  see(text: string): void {
    if (!isReadOnlyStatement(text)) this.count++;
  }
}

/**
 * Pool settings for `pg` over `pglite`: one client at a time (PGlite is one session, so a
 * transaction holds it), each with a BatchedPgliteConnection of its own counting writes in
 * `writes` (a client the pool drops after an error ends only its own connection).
 */
export function batchedPgConfig(pglite: PGlite, writes = new WriteCounter()): pg.PoolConfig {
  class PgliteClient extends pg.Client {
    constructor(config?: pg.ClientConfig) {
      super({ ...config, connection: new BatchedPgliteConnection(pglite, writes) } as pg.ClientConfig);
    }
  }
  return { max: 1, Client: PgliteClient, user: 'postgres', password: 'dummy', database: 'postgres', host: 'localhost', port: 5432 };
}
