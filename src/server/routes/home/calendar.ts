/**
 * /api/system/userCalendar: the caller's own calendar (spec 02 §7 "Messages and home", the 我的日程
 * home module). Every call is bound to the caller's tenant and user id; another user's entry is
 * "not found". Times are wall-clock `YYYY-MM-DD HH:mm:ss`.
 */
import type { ContractPlugin } from '../../http/typeProvider.js';
import { done, ok } from '../../http/reply.js';
import { badRequest, found, notFound } from '../../http/HttpError.js';
import { DoneEnvelope } from '../../../shared/contract/common.js';
import * as c from '../../../shared/contract/calendar.js';
import { BUSINESS_TYPE, withOperation } from '../../services/operationLog.js';
import {
  deleteCalendarEntry,
  findCalendarEntry,
  insertCalendarEntry,
  listCalendarEntries,
  updateCalendarEntry,
  type CalendarEntryInput,
} from '../../repositories/userCalendarRepository.js';

export const CALENDAR_TITLE_MAX = 100;
export const CALENDAR_CONTENT_MAX = 2000;
/** The longest range one list call may ask for (a month view asks for about six weeks). */
const MAX_RANGE_DAYS = 366;

const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2}))?)?$/;

/** `YYYY-MM-DD[ HH:mm[:ss]]` as `{date, time}` normalised, or undefined when malformed or impossible (2026-02-30). */
function parseDateTime(text: string): { date: string; time: string } | undefined {
  const m = DATE_TIME.exec(text.trim());
  if (!m) return undefined;
  const [y, mo, d, h = '00', mi = '00', s = '00'] = m.slice(1);
  const t = new Date(Date.UTC(+y, +mo - 1, +d, +h, +mi, +s));
  if (t.getUTCFullYear() !== +y || t.getUTCMonth() !== +mo - 1 || t.getUTCDate() !== +d || +h > 23 || +mi > 59 || +s > 59) return undefined;
  if (+y < 1900 || +y > 9999) return undefined;
  return { date: `${y}-${mo}-${d}`, time: `${h}:${mi}:${s}` };
}

/** Checks an add / edit body; an all-day entry spans its start day 00:00:00 to its end day 23:59:59. */
export function validateEntry(b: c.CalendarEntryBody): CalendarEntryInput {
  const title = (b.title ?? '').trim();
  const content = (b.content ?? '').trim();
  if (!title) throw badRequest('标题不能为空', [{ field: 'title', message: '标题不能为空' }]);
  if (title.length > CALENDAR_TITLE_MAX) throw badRequest(`标题长度不能超过${CALENDAR_TITLE_MAX}个字符`, [{ field: 'title', message: `标题长度不能超过${CALENDAR_TITLE_MAX}个字符` }]);
  if (content.length > CALENDAR_CONTENT_MAX) throw badRequest(`内容长度不能超过${CALENDAR_CONTENT_MAX}个字符`, [{ field: 'content', message: `内容长度不能超过${CALENDAR_CONTENT_MAX}个字符` }]);
  if (!b.startTime?.trim()) throw badRequest('开始时间不能为空', [{ field: 'startTime', message: '开始时间不能为空' }]);
  const start = parseDateTime(b.startTime);
  if (!start) throw badRequest('开始时间格式不正确，应为 YYYY-MM-DD HH:mm:ss', [{ field: 'startTime', message: '开始时间格式不正确' }]);
  const end = b.endTime?.trim() ? parseDateTime(b.endTime) : start;
  if (!end) throw badRequest('结束时间格式不正确，应为 YYYY-MM-DD HH:mm:ss', [{ field: 'endTime', message: '结束时间格式不正确' }]);
  const allDay = b.allDay === true;
  const startTime = allDay ? `${start.date} 00:00:00` : `${start.date} ${start.time}`;
  const endTime = allDay ? `${end.date} 23:59:59` : `${end.date} ${end.time}`;
  // Same-width text, so text order is time order.
  if (endTime < startTime) throw badRequest('结束时间不能早于开始时间', [{ field: 'endTime', message: '结束时间不能早于开始时间' }]);
  return { title, content, startTime, endTime, allDay };
}

/** The list range: `start`..`end` (`YYYY-MM-DD`, inclusive), by default the current month. */
function listRange(q: { start?: string; end?: string }): { from: string; toExclusive: string } {
  const now = new Date();
  const pad = (n: number) => String(n).padStart(2, '0');
  const first = `${now.getFullYear()}-${pad(now.getMonth() + 1)}-01`;
  const last = new Date(now.getFullYear(), now.getMonth() + 1, 0);
  const startText = q.start?.trim() || first;
  const endText = q.end?.trim() || `${last.getFullYear()}-${pad(last.getMonth() + 1)}-${pad(last.getDate())}`;
  const s = /^\d{4}-\d{2}-\d{2}$/.test(startText) ? parseDateTime(startText) : undefined;
  const e = /^\d{4}-\d{2}-\d{2}$/.test(endText) ? parseDateTime(endText) : undefined;
  if (!s || !e) throw badRequest('日期格式不正确，应为 YYYY-MM-DD');
  const days = (Date.parse(`${e.date}T00:00:00Z`) - Date.parse(`${s.date}T00:00:00Z`)) / 86_400_000;
  if (days < 0) throw badRequest('结束日期不能早于开始日期');
  if (days > MAX_RANGE_DAYS) throw badRequest(`查询范围不能超过${MAX_RANGE_DAYS}天`);
  const next = new Date(Date.parse(`${e.date}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
  return { from: `${s.date} 00:00:00`, toExclusive: `${next} 00:00:00` };
}

export const calendarRoutes: ContractPlugin = async (app) => {
  app.get(
    '/system/userCalendar/list',
    { schema: { querystring: c.CalendarListQuery, response: { 200: c.CalendarList } } },
    async (request) => {
      const { from, toExclusive } = listRange(request.query ?? {});
      return ok(await listCalendarEntries(app.db, request.user.tenantId, request.user.userId, from, toExclusive));
    },
  );

  app.post('/system/userCalendar/add', { schema: { body: c.AddCalendarBody, response: { 200: c.CalendarSaved } } }, async (request) => {
    const entry = validateEntry(request.body ?? {});
    const { tenantId, userId } = request.user;
    const newId = await withOperation(app.db, request, { title: '我的日程', businessType: BUSINESS_TYPE.add, param: entry }, (trx) => insertCalendarEntry(trx, tenantId, userId, entry));
    return ok(found(await findCalendarEntry(app.db, tenantId, userId, newId)), '新增成功');
  });

  app.post('/system/userCalendar/edit', { schema: { body: c.EditCalendarBody, response: { 200: c.CalendarSaved } } }, async (request) => {
    const entry = validateEntry(request.body);
    const { tenantId, userId } = request.user;
    const entryId = request.body.id;
    await withOperation(app.db, request, { title: '我的日程', businessType: BUSINESS_TYPE.edit, param: { id: entryId, ...entry } }, async (trx) => {
      if (!(await updateCalendarEntry(trx, tenantId, userId, entryId, entry))) throw notFound();
    });
    return ok(found(await findCalendarEntry(app.db, tenantId, userId, entryId)), '修改成功');
  });

  app.post('/system/userCalendar/delete', { schema: { body: c.CalendarIdBody, response: { 200: DoneEnvelope } } }, async (request) => {
    const { tenantId, userId } = request.user;
    const entryId = request.body.id;
    await withOperation(app.db, request, { title: '我的日程', businessType: BUSINESS_TYPE.delete, param: { id: entryId } }, async (trx) => {
      if (!(await deleteCalendarEntry(trx, tenantId, userId, entryId))) throw notFound();
    });
    return done('删除成功');
  });
};
