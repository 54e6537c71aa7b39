/**
 * Date family (dateStamp, dateRange, timeOnly) in the formats of spec 01 §9; values are strings
 * in the field's format (a range is `[start, end]`). Until a date field is used it draws the closed
 * picker itself (`pickerFacade.tsx`); rc-picker and the panels load on first interaction
 * (`deferredControl.tsx`, ADR 0409).
 */
import { connect, mapReadPretty } from '@formily/react';
import type { ComponentType, CSSProperties, FocusEvent } from 'react';
import { formatPattern } from '../../../schema-adapters/shared/dateFormat';
import { DeferredControl, engine, type Focusable } from './deferredControl';
import { PickerFacade, type PickerKind } from './pickerFacade';
import type { InputStatus } from 'antd/es/_util/statusUtils';

const DateText = ({ value }: { value?: string | string[] | null }) => {
  if (value == null || value === '' || (Array.isArray(value) && !value.length)) return <span className="fw-empty-text">-</span>;
  return <span>{Array.isArray(value) ? value.filter(Boolean).join(' ~ ') : value}</span>;
};

/** The format @formily/antd-v5 gives the picker when the schema names none. */
export function pickerFormat(kind: 'date' | 'range' | 'time', props: { format?: string; picker?: string; showTime?: unknown }): string {
  if (props.format) return props.format;
  if (kind === 'time') return 'HH:mm:ss';
  if (props.picker === 'month') return 'YYYY-MM';
  if (props.picker === 'year') return 'YYYY';
  return props.showTime ? 'YYYY-MM-DD HH:mm:ss' : 'YYYY-MM-DD';
}

const daysIn = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();

/**
 * The text the real picker shows for one value, or null when only the picker itself can tell:
 * a string already in `format` (a real calendar day) reads back unchanged through dayjs; anything
 * else (another spelling, 2026-02-30, a timestamp) is left to rc-picker.
 */
export function pickerText(value: unknown, format: string): string | null {
  if (value == null || value === '') return '';
  if (typeof value !== 'string') return null;
  const def = format.replace(/Y/g, 'y').replace(/D/g, 'd');
  if (!/^[yMdHms\-: /.年月日时分秒]*$/.test(def) || !formatPattern(def).test(value)) return null;
  const y = def.indexOf('yyyy');
  const m = def.indexOf('MM');
  const d = def.indexOf('dd');
  if (y >= 0 && m >= 0 && d >= 0 && Number(value.slice(d, d + 2)) > daysIn(Number(value.slice(y, y + 4)), Number(value.slice(m, m + 2)))) return null;
  return value;
}

/** The texts of a range's two inputs, or null (see `pickerText`). */
export function rangeText(value: unknown, format: string): string[] | null {
  if (value == null || value === '') return ['', ''];
  if (!Array.isArray(value)) return null;
  const texts = [pickerText(value[0], format), pickerText(value[1], format)];
  return texts.every((t): t is string => t != null) ? texts : null;
}

interface PickerFieldProps {
  value?: unknown;
  onChange?: (v: unknown) => void;
  onFocus?: (e: FocusEvent<HTMLInputElement>) => void;
  onBlur?: (e: FocusEvent<HTMLInputElement>) => void;
  format?: string;
  picker?: 'date' | 'month' | 'year';
  showTime?: unknown;
  placeholder?: string | [string, string];
  disabled?: boolean;
  allowClear?: boolean;
  status?: InputStatus;
  className?: string;
  style?: CSSProperties;
  id?: string;
  [k: string]: unknown;
}

type Real = ComponentType<PickerFieldProps & { ref?: React.Ref<Focusable> }>;

function deferredPicker(kind: 'date' | 'range' | 'time') {
  const eng = engine<PickerFieldProps>(() => import('./datePickerEngines').then((m) => m[kind] as unknown as ComponentType<PickerFieldProps>));
  return function DeferredPicker(props: PickerFieldProps) {
    const format = pickerFormat(kind, props);
    const text = kind === 'range' ? rangeText(props.value, format) : ((t) => (t == null ? null : [t]))(pickerText(props.value, format));
    const facadeKind: PickerKind = kind === 'time' ? 'time' : (props.picker ?? 'date');
    return (
      <DeferredControl
        engine={eng}
        eager={text == null}
        real={(R, ref, open) => {
          const RealPicker = R as Real;
          return <RealPicker {...props} ref={ref} defaultOpen={open || undefined} />;
        }}
        facade={(handlers) => (
          <PickerFacade
            kind={facadeKind}
            range={kind === 'range'}
            // Shown only while the real picker loads for a value it alone can read.
            text={text ?? (Array.isArray(props.value) ? props.value.map(String) : [String(props.value)])}
            format={format}
            placeholder={props.placeholder}
            disabled={props.disabled}
            allowClear={props.allowClear}
            status={props.status}
            className={props.className}
            style={props.style}
            id={props.id}
            // What the real picker's ✕ hands to Formily: formatDayjsValue(null) is undefined.
            onClear={() => props.onChange?.(undefined)}
            onFocus={props.onFocus}
            onBlur={props.onBlur}
            handlers={handlers}
          />
        )}
      />
    );
  };
}

/** dateStamp, with `DatePicker.RangePicker` for dateRange. */
export const DatePicker = Object.assign(connect(deferredPicker('date'), mapReadPretty(DateText)), {
  RangePicker: connect(deferredPicker('range'), mapReadPretty(DateText)),
});

/** timeOnly (HH:mm:ss). */
export const TimePicker = connect(deferredPicker('time'), mapReadPretty(DateText));
