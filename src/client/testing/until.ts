/**
 * For client tests (happy-dom): waits, inside React's act(), until `check` answers something
 * truthy, and answers it. A deadline rather than a count of tries: on a busy 2-core machine a
 * render can take seconds, and the check passes as soon as it happens either way.
 */
import { act } from 'react';

export async function until<T>(check: () => T | undefined | null | false, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const v = check();
    if (v) return v;
    if (Date.now() > deadline) throw new Error(`condition not met within ${timeoutMs} ms`);
    await act(async () => new Promise((r) => setTimeout(r, 20)));
  }
}
