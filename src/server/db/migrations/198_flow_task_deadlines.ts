/**
 * 审批期限 (issue 30 item 2, ADR 1049): a task of a node with a deadline carries its due instant
 * (computed on the tenant's working-day calendar when the task opens), the instant of its advance
 * reminder (cleared when sent) and the instant its deadline fired (set once: never fired twice).
 * The partial indexes hold only open tasks still waiting for one of the two, which is what the
 * deadline scheduler scans every few seconds.
 */
import { sql } from 'kysely';
import type { Migration } from './types.js';

export const m198FlowTaskDeadlines: Migration = {
  id: 198,
  name: 'flow_task_deadlines',
  async up(db) {
    await sql`ALTER TABLE flow_tasks ADD COLUMN due_time timestamptz, ADD COLUMN remind_time timestamptz, ADD COLUMN due_fired_time timestamptz`.execute(db);
    await sql`CREATE INDEX flow_tasks_due ON flow_tasks (due_time) WHERE status = 'open' AND due_fired_time IS NULL AND due_time IS NOT NULL`.execute(db);
    await sql`CREATE INDEX flow_tasks_remind ON flow_tasks (remind_time) WHERE status = 'open' AND remind_time IS NOT NULL`.execute(db);
  },
};
