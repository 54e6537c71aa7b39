/**
 * For API and browser tests' set-up and helpers: waits until `check` answers something other than
 * `undefined`, and answers it. A deadline, not a count of tries or a fixed sleep: a job ends in
 * milliseconds on a quiet machine and in seconds on a loaded one, and the wait ends as soon as it
 * does either way. Unlike `expect.poll` it is meant for `beforeAll` as well as for tests.
 */
import { setTimeout as delay } from 'node:timers/promises';

export async function waitFor<T>(
  what: string,
  check: () => Promise<T | undefined>,
  { timeoutMs = 60_000, intervalMs = 50 }: { timeoutMs?: number; intervalMs?: number } = {},
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`${what}: not within ${timeoutMs / 1000} s`);
    await delay(intervalMs);
  }
}

/** The job's state once it is no longer queued or running, read through `get` (GET /api/jobs/{id}). */
export function settledJob<J extends { status?: string }>(get: () => Promise<J>, { timeoutMs = 60_000, intervalMs = 50 } = {}): Promise<J> {
  let last: J | undefined;
  return waitFor(
    'the job to end',
    async () => {
      last = await get();
      return ['queued', 'running'].includes(String(last?.status)) ? undefined : last;
    },
    { timeoutMs, intervalMs },
  ).catch((err: Error) => {
    throw new Error(`${err.message}; last seen: ${JSON.stringify(last)}`);
  });
}
