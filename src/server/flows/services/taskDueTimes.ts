/**
 * Due instants of tasks (审批期限, ADR 1049): computed on the tenant's working-day calendar when a
 * task opens and stored with it, so firing needs neither the calendar nor the definition's clock
 * again, and a restart or another API process changes nothing.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.js';
import type { NodeDeadline } from '../../../shared/flows/nodeDeadline.js';
import { readWorkCalendar } from '../../calendar/calendarRepository.js';
import type { WorkCalendar } from '../../calendar/workCalendar.js';
import { addWorkingMs, CalendarInputError, dailyWorkingMs } from '../../calendar/workingTime.js';
import { badRequest } from '../../http/HttpError.js';
import { setDueTimes } from '../repositories/flowDeadlines.js';

const HOUR = 3_600_000;

/**
 * The due instant of a deadline starting at `from` (N working hours, or N working days of one
 * working day's time each, as addWorkingDays counts), and the advance reminder's instant: the
 * moment the working time left is `remindBeforeHours` (null without one, or when it would fall
 * at or before the start).
 */
export function deadlineInstants(cal: WorkCalendar, d: NodeDeadline, from: Date): { due: Date; remind: Date | null } {
  const total = d.unit === 'hour' ? d.amount * HOUR : d.amount * dailyWorkingMs(cal);
  const due = addWorkingMs(cal, from, total);
  const before = (d.remindBeforeHours ?? 0) * HOUR;
  return { due, remind: before > 0 && before < total ? addWorkingMs(cal, from, total - before) : null };
}

/**
 * Gives the open tasks just written for nodes with a deadline their due times, counted from `now`
 * (the acting request's clock). One calendar read per step, one UPDATE per node.
 */
export async function stampDueTimes(db: Kysely<Database>, tenantId: number, now: Date, tasks: { id: number; deadline?: NodeDeadline }[]): Promise<void> {
  const timed = tasks.filter((t) => t.deadline);
  if (!timed.length) return;
  const cal = await readWorkCalendar(db, tenantId);
  const byDeadline = new Map<NodeDeadline, number[]>();
  for (const t of timed) byDeadline.set(t.deadline!, [...(byDeadline.get(t.deadline!) ?? []), t.id]);
  for (const [d, ids] of byDeadline) {
    let at: { due: Date; remind: Date | null };
    try {
      at = deadlineInstants(cal, d, now);
    } catch (e) {
      // A calendar without working days: the administrator's to fix, said as a 400.
      if (e instanceof CalendarInputError) throw badRequest(`无法计算审批期限：${e.message}`);
      throw e;
    }
    const { due, remind } = at;
    await setDueTimes(db, ids, due, remind);
  }
}
