/**
 * Number family: an input with precision, min, max, suffix and a thousands separator; an emptied
 * input is undefined (spec 01 §5). Rate (antd's star rating) is in `rate.tsx`, loaded on its own.
 */
import { connect, mapReadPretty } from '@formily/react';
import { NumberPicker as FNumberPicker } from '@formily/antd-v5';
import { formatNumber } from '../../../schema-adapters/display/formatNumber';

/** 12345.6 → "12,345.6" (integer part grouped, decimals untouched). */
export function withThousands(text: string | number | undefined): string {
  if (text === undefined || text === null || text === '') return '';
  const [int, dec] = String(text).split('.');
  const grouped = int.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return dec !== undefined ? `${grouped}.${dec}` : grouped;
}

/** Number rendering of read-only fields: the adapter's formatter (as list and drawer), grouped, at the field precision, suffix attached. */
function NumberText(props: { value?: number | null; precision?: number; addonAfter?: string }) {
  if (props.value === null || props.value === undefined || Number.isNaN(Number(props.value))) return <span className="fw-empty-text">-</span>;
  return <span>{formatNumber(props.value, props.precision, true, props.addonAfter)}</span>;
}

type NumberInputProps = Record<string, unknown> & { value?: number | null; onChange?: (v: number | undefined) => void; addonAfter?: string };

/** The input: grouped digits, the unit inside as a suffix (antd 5.29 deprecates addonAfter here), empty → undefined. */
function NumberInput({ value, onChange, addonAfter, ...rest }: NumberInputProps) {
  return (
    <FNumberPicker
      {...rest}
      suffix={addonAfter}
      value={value === null ? undefined : value}
      formatter={(v: string | number | undefined) => withThousands(v)}
      parser={(v: string | undefined) => (v ?? '').replace(/,/g, '')}
      onChange={(v: unknown) => onChange?.(v === null ? undefined : (v as number))}
    />
  );
}

/** number. */
export const NumberPicker = connect(NumberInput, mapReadPretty(NumberText));
