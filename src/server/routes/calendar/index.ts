/**
 * /api/system/calendar (the tenant's working-day calendar: read with system:calendar:query or
 * :edit, saved with system:calendar:edit) and /api/custom/function/execute (the document
 * functions over it, any signed-in user of the tenant). Both are bound to the caller's tenant.
 */
import type { ContractPlugin } from '../../http/typeProvider.js';
import { ok } from '../../http/reply.js';
import { badRequest } from '../../http/HttpError.js';
import { requirePermission } from '../../auth/permissions.js';
import { BUSINESS_TYPE, withOperation } from '../../services/operationLog.js';
import { FunctionExecuteAnswer, FunctionExecuteBody, WorkCalendarAnswer, WorkCalendarBody } from '../../../shared/contract/workCalendar.js';
import { readWorkCalendar, writeWorkCalendar } from '../../calendar/calendarRepository.js';
import { checkCalendar } from '../../calendar/checkCalendar.js';
import { CalendarInputError } from '../../calendar/workingTime.js';
import { executeDocumentFunction } from '../../calendar/documentFunctions.js';
import { DEFAULT_WORK_CALENDAR, type WorkCalendar } from '../../calendar/workCalendar.js';

export const workCalendarRoutes: ContractPlugin = async (app) => {
  app.get('/system/calendar', { schema: { response: { 200: WorkCalendarAnswer } } }, async (request) => {
    requirePermission(request.user, 'system:calendar:query', 'system:calendar:edit');
    return ok(await readWorkCalendar(app.db, request.user.tenantId));
  });

  app.post('/system/calendar', { schema: { body: WorkCalendarBody, response: { 200: WorkCalendarAnswer } } }, async (request) => {
    requirePermission(request.user, 'system:calendar:edit');
    const { tenantId, userName } = request.user;
    const b = request.body;
    const cal: WorkCalendar = {
      workDays: [...b.workDays].sort((x, y) => x - y),
      periods: b.periods,
      exceptions: [...b.exceptions].map((x) => ({ date: x.date, working: x.working, name: x.name?.trim() || null })).sort((x, y) => x.date.localeCompare(y.date)),
      utcOffsetMinutes: b.utcOffsetMinutes ?? DEFAULT_WORK_CALENDAR.utcOffsetMinutes,
    };
    const problem = checkCalendar(cal);
    if (problem) throw badRequest(problem);
    await withOperation(app.db, request, { title: '工作日历', businessType: BUSINESS_TYPE.edit }, (trx) => writeWorkCalendar(trx, tenantId, cal, userName));
    return ok(await readWorkCalendar(app.db, tenantId), '保存成功');
  });

  // Signed-in users only (the auth hook refuses anonymous calls); the answer is in `data`.
  app.post('/custom/function/execute', { schema: { body: FunctionExecuteBody, response: { 200: FunctionExecuteAnswer } } }, async (request) => {
    const cal = await readWorkCalendar(app.db, request.user.tenantId);
    try {
      return ok(executeDocumentFunction(cal, request.body.action, request.body.params ?? []));
    } catch (e) {
      if (e instanceof CalendarInputError) throw badRequest(e.message);
      throw e;
    }
  });
};
