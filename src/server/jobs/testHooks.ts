/**
 * Named points in the job runner and its handlers where a test can crash or pause the process
 * (kill -9 tests, tests/api/io/jobsOnce.test.ts). Inert unless a test sets the variables:
 * - `JOB_TEST_CRASH_AT=point` or `point#n`: SIGKILL this process the n-th time (default first)
 *   the point is reached;
 * - `JOB_TEST_PAUSE_AT=point=/path`: wait at the point while the file /path exists.
 * Points: `claimed:{kind}` (a job was claimed), `committed:{kind}` (a job's effects and its end
 * committed), `chunk:{kind}` (a chunked job committed a chunk and its cursor; an export wrote a
 * chunk of rows into its file), `written:export` (an export's file is complete, the job not yet
 * ended). A name without
 * `:{kind}` matches every kind.
 */
import { existsSync } from 'node:fs';

const seen = new Map<string, number>();

/** `name` is the point itself or the point without its kind. */
const matches = (name: string, point: string) => name === point || point.startsWith(`${name}:`);

/** Crashes or pauses here when a test asked for it; otherwise returns at once. */
export async function jobTestPoint(point: string): Promise<void> {
  const crash = process.env.JOB_TEST_CRASH_AT;
  if (crash) {
    const [name, nth] = crash.split('#');
    if (matches(name, point)) {
      const n = (seen.get(name) ?? 0) + 1;
      seen.set(name, n);
      if (n === Number(nth || 1)) process.kill(process.pid, 'SIGKILL');
    }
  }
  const pause = process.env.JOB_TEST_PAUSE_AT;
  if (pause) {
    const at = pause.indexOf('=');
    if (matches(pause.slice(0, at), point)) {
      const file = pause.slice(at + 1);
      while (existsSync(file)) await new Promise((r) => setTimeout(r, 50));
    }
  }
}
