/**
 * The embedded engine's transport: PGlite belongs to one process (a lock file guards its data
 * directory), so queued ids are run here, one at a time, in the order they were announced.
 */
import type { JobTransport } from './types.js';

/** Runs announced jobs one after another in this process. */
export function inProcessTransport(): JobTransport {
  const queue: string[] = [];
  let run: ((id: string) => Promise<void>) | null = null;
  let active: Promise<void> | null = null;

  const pump = () => {
    if (active || !run || !queue.length) return;
    const id = queue.shift()!;
    active = run(id).catch(() => {}).finally(() => {
      active = null;
      pump();
    });
  };

  return {
    async start(runner) {
      run = runner;
      pump();
    },
    async announce(id) {
      if (!queue.includes(id)) queue.push(id);
      pump();
    },
    async stop() {
      run = null;
      queue.length = 0;
      await active;
    },
  };
}
