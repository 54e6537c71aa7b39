/** `/api/system/userCalendar/…`: the caller's own calendar (the 我的日程 home module). Times are wall-clock `YYYY-MM-DD HH:mm:ss`. */
import { Type, type Static } from 'typebox';
import { Closed, DataEnvelope, Id, Nullable } from './common.js';

// The server checks title, times and their order itself (spec messages such as 开始时间格式不正确).
const loose = Nullable('string', { maxLength: 10_000 });
const entryProps = {
  title: Type.Optional(loose),
  content: Type.Optional(loose),
  startTime: Type.Optional(Nullable('string', { maxLength: 40 })),
  endTime: Type.Optional(Nullable('string', { maxLength: 40 })),
  allDay: Type.Optional(Nullable('boolean')),
};
export const AddCalendarBody = Closed(entryProps);
export type CalendarEntryBody = Static<typeof AddCalendarBody>;
export const EditCalendarBody = Closed({ id: Id, ...entryProps });
export const CalendarIdBody = Closed({ id: Id });
/** `start`..`end` (`YYYY-MM-DD`, inclusive); by default the current month. */
export const CalendarListQuery = Type.Object({ start: Type.Optional(Type.String({ maxLength: 20 })), end: Type.Optional(Type.String({ maxLength: 20 })) });

/** One entry of the user's calendar. */
export const CalendarEntry = Type.Object({
  id: Type.Integer(),
  title: Type.String(),
  content: Type.String(),
  startTime: Type.String(),
  endTime: Type.String(),
  allDay: Type.Boolean(),
  createTime: Type.String({ format: 'date-time' }),
  updateTime: Type.String({ format: 'date-time' }),
});
export type CalendarEntry = Static<typeof CalendarEntry>;

export const CalendarList = DataEnvelope(Type.Array(CalendarEntry));
export const CalendarSaved = DataEnvelope(CalendarEntry);
