/**
 * Setup file of the API projects, run before every test file. Those projects share one worker
 * process across files (`isolate: false` in vite.config.ts), so what one file leaves behind would
 * reach the next: after each file, this closes any test app it left open (its database, timers
 * and job runner) and puts `process.env` back as the file found it.
 */
import { afterAll } from 'vitest';
import { closeOpenApps } from './testServer.js';

const envAtStart = { ...process.env };

afterAll(async () => {
  await closeOpenApps();
  for (const key of Object.keys(process.env)) if (!(key in envAtStart)) delete process.env[key];
  for (const [key, value] of Object.entries(envAtStart)) if (process.env[key] !== value) process.env[key] = value;
});
