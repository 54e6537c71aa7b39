/**
 * The signed-in user behind a token, remembered per database handle on PGlite (ADR 1028, which
 * replaced ADR 0306's SQL-text write counter). The lookup joins tokens, users, tenants, roles and
 * permissions on every call; on PGlite that statement costs as much engine time as a list page,
 * on the one thread that also serves HTTP. An entry is used only while the database's snapshot
 * (`pg_current_snapshot()`: the next transaction id and the transactions in progress) is the one
 * it was looked up under: any transaction that writes takes a transaction id, which moves the
 * snapshot, and a commit changes the set in progress, so an equal snapshot sees exactly the same
 * rows of every table. A logout, a revoked token, a disabled user or tenant, a changed role or
 * permission (or any other write) is therefore seen by the next request, whoever sent it. No SQL
 * text is read. PostgreSQL keeps the lookup per call: with other processes writing, its snapshot
 * moves too often for an entry to pay for the extra statement.
 */
import type { AuthUser } from './types.js';

/** Bound on remembered tokens; the oldest goes first. */
export const SESSION_CACHE_MAX = 5000;

interface Entry {
  user: AuthUser;
  expiresAt: number;
  snapshot: string;
}

export class SessionCache {
  readonly #entries = new Map<string, Entry>();
  readonly #snapshot: () => Promise<string>;

  /** `snapshot` reads the database's current snapshot as text (one short statement). */
  constructor(snapshot: () => Promise<string>) {
    this.#snapshot = snapshot;
  }

  /** The user behind `tokenHash`: remembered if the snapshot has not moved since, else from `load`. */
  async lookup(tokenHash: string, load: () => Promise<{ user: AuthUser; expiresAt: number } | null>): Promise<AuthUser | null> {
    const snapshot = await this.#snapshot();
    const hit = this.#entries.get(tokenHash);
    if (hit && hit.snapshot === snapshot && Date.now() < hit.expiresAt) return copy(hit.user);
    if (hit) this.#entries.delete(tokenHash);
    const found = await load();
    // A commit or a new writer between the two reads may or may not be in the answer: use it, keep it not.
    if (found && Date.now() < found.expiresAt && (await this.#snapshot()) === snapshot) {
      if (this.#entries.size >= SESSION_CACHE_MAX) this.#entries.delete(this.#entries.keys().next().value as string);
      this.#entries.set(tokenHash, { user: copy(found.user), expiresAt: found.expiresAt, snapshot });
    }
    return found?.user ?? null;
  }

  get size(): number {
    return this.#entries.size;
  }
}

/** Each request gets its own object: a handler that changes `request.user` changes no other request's. */
function copy(user: AuthUser): AuthUser {
  return { ...user, roleKeys: [...user.roleKeys], roleNames: [...user.roleNames], permissions: [...user.permissions] };
}
