/**
 * Number family (number, rate): an input with precision, min, max, suffix and a thousands
 * separator; an emptied input is undefined (spec 01 §5). Rate is antd's star rating.
 */
import { connect, mapProps, mapReadPretty } from '@formily/react';
import { NumberPicker as FNumberPicker } from '@formily/antd-v5';
import { Rate as AntRate } from 'antd';

/** 12345.6 → "12,345.6" (integer part grouped, decimals untouched). */
export function withThousands(text: string | number | undefined): string {
  if (text === undefined || text === null || text === '') return '';
  const [int, dec] = String(text).split('.');
  const grouped = int.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return dec !== undefined ? `${grouped}.${dec}` : grouped;
}

/** Number rendering of read-only fields: grouped, at the field precision, with its suffix. */
function NumberText(props: { value?: number | null; precision?: number; addonAfter?: string }) {
  if (props.value === null || props.value === undefined || Number.isNaN(Number(props.value))) return <span className="fw-empty-text">-</span>;
  const fixed = props.precision != null ? Number(props.value).toFixed(props.precision) : String(props.value);
  return <span>{withThousands(fixed)}{props.addonAfter ? ` ${props.addonAfter}` : ''}</span>;
}

/** number. */
export const NumberPicker = connect(
  FNumberPicker,
  mapProps(((props: Record<string, unknown>) => ({
    ...props,
    value: props.value === null ? undefined : props.value,
    formatter: (v: string | number | undefined) => withThousands(v),
    parser: (v: string | undefined) => (v ?? '').replace(/,/g, ''),
    onChange: (v: number | null) => (props.onChange as (x: unknown) => void)?.(v === null ? undefined : v),
  })) as never),
  mapReadPretty(NumberText),
);

/** rate. */
export const Rate = connect(AntRate, mapReadPretty((p: { value?: number; count?: number; allowHalf?: boolean }) => <AntRate disabled value={p.value ?? 0} count={p.count} allowHalf={p.allowHalf} />));
