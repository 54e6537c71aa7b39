/**
 * Date family (dateStamp, dateRange, timeOnly) in the formats of spec 01 §9; values are strings
 * in the field's format (a range is `[start, end]`). @formily/antd-v5's pickers (antd's own
 * DatePicker and TimePicker); this module loads with the first form that shows a date field
 * (registry.ts).
 */
import { DatePicker as FDatePicker, TimePicker as FTimePicker } from '@formily/antd-v5';
import { connect, mapReadPretty } from '@formily/react';

const DateText = ({ value }: { value?: string | string[] | null }) => {
  if (value == null || value === '' || (Array.isArray(value) && !value.length)) return <span className="fw-empty-text">-</span>;
  return <span>{Array.isArray(value) ? value.filter(Boolean).join(' ~ ') : value}</span>;
};

/** dateStamp, with `DatePicker.RangePicker` for dateRange. */
export const DatePicker = Object.assign(connect(FDatePicker, mapReadPretty(DateText)), {
  RangePicker: connect(FDatePicker.RangePicker, mapReadPretty(DateText)),
});

/** timeOnly (HH:mm:ss). */
export const TimePicker = connect(FTimePicker, mapReadPretty(DateText));
