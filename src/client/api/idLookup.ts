/**
 * Lookups by id, batched and briefly reused (spec 02 §7/§9, spec 01 §7 `list/ids`): every id
 * asked for within `windowMs` goes to the server in ONE call — a list page of twenty rows whose
 * user or related-record cells each ask for their labels makes one request, not twenty — and an
 * answer is reused for `ttlMs` per id. A failed call is tried once more after `retryMs`.
 * No React: the hooks that use it keep TanStack Query's own caching on top.
 */

export interface IdLookupOptions<V> {
  /** Ids asked for within this many ms share one call. */
  windowMs: number;
  /** How long an answer is reused, per id (0: not kept). */
  ttlMs?: number;
  /** Wait before the one retry of a failed call (undefined: no retry). */
  retryMs?: number;
  /** The call: `attempt` 1, then 2 for the retry (the first may stay silent, the last one tells the user). */
  fetch(ids: string[], attempt: number): Promise<V[]>;
  /** The id an answer row belongs to. */
  idOf(value: V): string;
}

interface Batch<V> {
  ids: Set<string>;
  done: Promise<Map<string, V>>;
}

/** A lookup function: the rows of these ids (in the order asked, ids not found left out). */
export type IdLookup<V> = ((ids: readonly (string | number)[]) => Promise<V[]>) & { clear(): void };

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Make a batched, briefly caching lookup. */
export function createIdLookup<V>(options: IdLookupOptions<V>): IdLookup<V> {
  const ttl = options.ttlMs ?? 0;
  const kept = new Map<string, { value: V; at: number }>();
  let open: Batch<V> | null = null;

  const call = async (ids: string[]): Promise<V[]> => {
    try {
      return await options.fetch(ids, 1);
    } catch (error) {
      if (options.retryMs === undefined) throw error;
      await sleep(options.retryMs);
      return options.fetch(ids, 2);
    }
  };

  const join = (ids: string[]): Promise<Map<string, V>> => {
    if (!open) {
      const batch: Batch<V> = {
        ids: new Set(),
        done: sleep(options.windowMs).then(async () => {
          // Ids added after this point start a new batch.
          if (open === batch) open = null;
          const rows = await call([...batch.ids]);
          const at = Date.now();
          const found = new Map<string, V>();
          for (const row of rows) {
            const id = options.idOf(row);
            found.set(id, row);
            if (ttl > 0) kept.set(id, { value: row, at });
          }
          return found;
        }),
      };
      open = batch;
    }
    for (const id of ids) open.ids.add(id);
    return open.done;
  };

  const lookup = async (asked: readonly (string | number)[]): Promise<V[]> => {
    const ids = [...new Set(asked.map(String))];
    const now = Date.now();
    const fresh = new Map<string, V>();
    for (const id of ids) {
      const entry = kept.get(id);
      if (entry && now - entry.at < ttl) fresh.set(id, entry.value);
      else if (entry) kept.delete(id);
    }
    const missing = ids.filter((id) => !fresh.has(id));
    const found = missing.length ? await join(missing) : new Map<string, V>();
    return ids.flatMap((id) => {
      const row = fresh.get(id) ?? found.get(id);
      return row === undefined ? [] : [row];
    });
  };
  return Object.assign(lookup, { clear: () => kept.clear() });
}
