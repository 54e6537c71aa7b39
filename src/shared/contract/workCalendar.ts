/**
 * `/api/system/calendar` (the tenant's working-day calendar, 工作日历) and
 * `/api/custom/function/execute` (document functions over it, spec 02 §7).
 */
import { Type, type Static } from 'typebox';
import { Closed, DataEnvelope, Nullable, StrEnum } from './common.js';

// Times (`HH:mm`, end up to `24:00`) and dates (`YYYY-MM-DD`, real days) are checked by the
// server with messages naming the period or date (工作时段「25:00–26:00」的时间不正确).
export const WorkPeriodSchema = Closed({ start: Type.String({ maxLength: 5 }), end: Type.String({ maxLength: 5 }) });
export const CalendarExceptionSchema = Closed({
  date: Type.String({ maxLength: 10 }),
  working: Type.Boolean(),
  name: Type.Optional(Nullable('string', { maxLength: 50 })),
});

/** `POST /api/system/calendar`: the whole calendar (order, overlap and dates are checked by the server). */
export const WorkCalendarBody = Closed({
  workDays: Type.Array(Type.Integer({ minimum: 1, maximum: 7 }), { maxItems: 7 }),
  periods: Type.Array(WorkPeriodSchema, { minItems: 1, maxItems: 12 }),
  // The server says 例外日期最多 400 个 itself; this only bounds the body.
  exceptions: Type.Array(CalendarExceptionSchema, { maxItems: 2000 }),
  utcOffsetMinutes: Type.Optional(Type.Integer({ minimum: -720, maximum: 840 })),
});
export type WorkCalendarBody = Static<typeof WorkCalendarBody>;

/** The tenant's calendar; `saved: false` when it is the default one. */
export const WorkCalendarAnswer = DataEnvelope(
  Type.Object({
    workDays: Type.Array(Type.Integer()),
    periods: Type.Array(Type.Object({ start: Type.String(), end: Type.String() })),
    exceptions: Type.Array(Type.Object({ date: Type.String(), working: Type.Boolean(), name: Type.Optional(Nullable('string')) })),
    utcOffsetMinutes: Type.Integer(),
    saved: Type.Boolean(),
  }),
);

const Param = Type.Unsafe<string | number | null>({ type: ['string', 'number', 'null'], maxLength: 100 });
/** `POST /api/custom/function/execute`: `params` must be three non-empty values (checked by the server, message 需要三个非空参数). */
export const FunctionExecuteBody = Closed({
  action: StrEnum(['workTime', 'workTimeWithRest', 'overtimeDate']),
  params: Type.Optional(Type.Array(Param, { maxItems: 10 })),
});
export type FunctionExecuteBody = Static<typeof FunctionExecuteBody>;
/** A duration in the asked unit (number) or a local time `YYYY-MM-DD HH:mm:ss` (overtimeDate). */
export const FunctionExecuteAnswer = DataEnvelope(Type.Union([Type.Number(), Type.String()]));
