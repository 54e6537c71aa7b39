/**
 * Dates in Chinese (weekday and month names, week start) for every dayjs user: date pickers,
 * formatted dates. Imported for its effect by the pages that show dates (the signed-in shell and the
 * chrome-less record, print, flow and preview pages), not by the entry, so the sign-in page's first
 * load carries no dayjs (issue 15, goal 6).
 */
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';

/** The dayjs locale of the app. */
export const DAYJS_LOCALE = 'zh-cn';

dayjs.locale(DAYJS_LOCALE);
