/**
 * The signed-in user behind a token, remembered per process on PGlite (issue 15, goal 5; ADR 0306).
 * The lookup joins tokens, users, tenants, roles and permissions on every call; on PGlite that
 * statement costs as much engine time as the list page itself, on the one thread that also serves
 * HTTP. An entry is used only while the database has been sent no statement that may write
 * (`AppDatabase.writeCount`): a logout, a revoked token, a disabled user or tenant, a changed role
 * or permission are all writes, so the next request looks the token up again. PGlite belongs to
 * one process (its data directory is locked), so no other process can write behind our back.
 * PostgreSQL has several processes and keeps the lookup per call (no writeCount).
 */
import type { AuthUser } from './types.js';

/** Bound on remembered tokens; the oldest goes first. */
export const SESSION_CACHE_MAX = 5000;

interface Entry {
  user: AuthUser;
  expiresAt: number;
  writes: number;
}

export class SessionCache {
  readonly #entries = new Map<string, Entry>();
  readonly #writeCount: () => number;

  constructor(writeCount: () => number) {
    this.#writeCount = writeCount;
  }

  /** The user behind `tokenHash`: remembered if nothing was written since, else from `load`. */
  async lookup(tokenHash: string, load: () => Promise<{ user: AuthUser; expiresAt: number } | null>): Promise<AuthUser | null> {
    const writes = this.#writeCount();
    const hit = this.#entries.get(tokenHash);
    if (hit && hit.writes === writes && Date.now() < hit.expiresAt) return copy(hit.user);
    if (hit) this.#entries.delete(tokenHash);
    const found = await load();
    // A write sent while the lookup ran may or may not be in its answer: use it, keep it not.
    if (found && this.#writeCount() === writes && Date.now() < found.expiresAt) {
      if (this.#entries.size >= SESSION_CACHE_MAX) this.#entries.delete(this.#entries.keys().next().value as string);
      this.#entries.set(tokenHash, { user: copy(found.user), expiresAt: found.expiresAt, writes });
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
