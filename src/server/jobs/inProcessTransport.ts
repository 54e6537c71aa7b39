/**
 * The embedded engine's transport: PGlite belongs to one process (a lock file guards its data
 * directory), so queued ids are run here, up to `concurrency` at a time (default 2: one tenant's
 * long job leaves a turn to the others; the claim keeps one running job per tenant), in the order
 * they were announced. A delayed announcement (a retry's wait) is queued when its delay ends.
 */
import type { JobTransport } from './types.js';

/** Runs announced jobs in this process. */
export function inProcessTransport(concurrency = 2): JobTransport {
  const queue: string[] = [];
  const active = new Set<Promise<void>>();
  const timers = new Set<NodeJS.Timeout>();
  let run: ((id: string) => Promise<void>) | null = null;

  const pump = () => {
    while (run && queue.length && active.size < concurrency) {
      const id = queue.shift()!;
      const p: Promise<void> = run(id).catch(() => {}).finally(() => {
        active.delete(p);
        pump();
      });
      active.add(p);
    }
  };

  return {
    async start(runner) {
      run = runner;
      pump();
    },
    async announce(id, delaySeconds) {
      if (delaySeconds && delaySeconds > 0) {
        const t = setTimeout(() => {
          timers.delete(t);
          if (run && !queue.includes(id)) queue.push(id);
          pump();
        }, delaySeconds * 1000);
        t.unref();
        timers.add(t);
        return;
      }
      if (!queue.includes(id)) queue.push(id);
      pump();
    },
    async stop() {
      run = null;
      queue.length = 0;
      for (const t of timers) clearTimeout(t);
      timers.clear();
      await Promise.allSettled([...active]);
    },
  };
}
