/**
 * The real date controls (rc-picker, antd pickers, dayjs plugins), loaded by `date.tsx` when a
 * date field is first used (`deferredControl.tsx`).
 */
import { DatePicker, TimePicker } from '@formily/antd-v5';

export const date = DatePicker;
export const range = DatePicker.RangePicker;
export const time = TimePicker;
