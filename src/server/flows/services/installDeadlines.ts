/** Puts the 审批期限 scheduler on the app (`app.flowDeadlines`): started when ready, stopped on close (ADR 1049). */
import type { FastifyInstance } from 'fastify';
import { DeadlineScheduler, deadlineTickSeconds } from './deadlineScheduler.js';

declare module 'fastify' {
  interface FastifyInstance {
    flowDeadlines: DeadlineScheduler;
  }
}

/** Decorates `app.flowDeadlines` over the app's database and clock (`app.now`, a fake one in tests). */
export function installDeadlines(app: FastifyInstance): void {
  const scheduler = new DeadlineScheduler({ db: app.db, now: () => app.now(), log: app.log, tickSeconds: deadlineTickSeconds() });
  app.decorate('flowDeadlines', scheduler);
  app.addHook('onReady', async () => scheduler.start());
  app.addHook('onClose', async () => scheduler.stop());
}
