import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createIdLookup } from './idLookup';

type Row = { id: number; name: string };

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

function lookupWith(fetch: (ids: string[], attempt: number) => Promise<Row[]>, extra: { ttlMs?: number; retryMs?: number } = {}) {
  const spy = vi.fn(fetch);
  return { spy, lookup: createIdLookup<Row>({ windowMs: 20, fetch: spy, idOf: (r) => String(r.id), ...extra }) };
}
const rows = (ids: string[]) => Promise.resolve(ids.map((id) => ({ id: Number(id), name: `n${id}` })));

describe('batched id lookups (spec 02 §7, spec 01 list/ids; issue 27 item 10)', () => {
  it('ids asked within the window share one call, each caller gets its own rows in order', async () => {
    const { spy, lookup } = lookupWith(rows);
    const a = lookup([2, 1]);
    const b = lookup(['3', 1]);
    await vi.advanceTimersByTimeAsync(20);
    expect(await a).toEqual([{ id: 2, name: 'n2' }, { id: 1, name: 'n1' }]);
    expect((await b).map((r) => r.id)).toEqual([3, 1]);
    expect(spy).toHaveBeenCalledTimes(1);
    expect(spy.mock.calls[0][0].sort()).toEqual(['1', '2', '3']);
  });

  it('a later ask after the window is a new call', async () => {
    const { spy, lookup } = lookupWith(rows);
    const a = lookup([1]);
    await vi.advanceTimersByTimeAsync(20);
    await a;
    const b = lookup([1]);
    await vi.advanceTimersByTimeAsync(20);
    await b;
    expect(spy).toHaveBeenCalledTimes(2);
  });

  it('answers are reused for 3 s per id, then asked again', async () => {
    const { spy, lookup } = lookupWith(rows, { ttlMs: 3000 });
    const first = lookup([1, 2]);
    await vi.advanceTimersByTimeAsync(20);
    await first;
    await vi.advanceTimersByTimeAsync(2000);
    expect((await lookup([2, 1])).map((r) => r.id)).toEqual([2, 1]);
    expect(spy).toHaveBeenCalledTimes(1);
    // Only the id not kept goes to the server.
    const mixed = lookup([1, 5]);
    await vi.advanceTimersByTimeAsync(20);
    expect((await mixed).map((r) => r.id)).toEqual([1, 5]);
    expect(spy.mock.calls[1][0]).toEqual(['5']);
    await vi.advanceTimersByTimeAsync(1000);
    const later = lookup([1]);
    await vi.advanceTimersByTimeAsync(20);
    await later;
    expect(spy.mock.calls[2][0]).toEqual(['1']);
  });

  it('a failed call is retried once after 1 s; a second failure reaches the caller', async () => {
    let fail = 1;
    const { spy, lookup } = lookupWith((ids, attempt) => (attempt <= fail ? Promise.reject(new Error('断网')) : rows(ids)), { retryMs: 1000 });
    const a = lookup([7]);
    await vi.advanceTimersByTimeAsync(20);
    expect(spy).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(999);
    expect(spy).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(await a).toEqual([{ id: 7, name: 'n7' }]);
    expect(spy.mock.calls.map((c) => c[1])).toEqual([1, 2]);

    fail = 2;
    const b = lookup([8]);
    const caught = b.catch((e: Error) => e.message);
    await vi.advanceTimersByTimeAsync(1020);
    expect(await caught).toBe('断网');
  });
});
