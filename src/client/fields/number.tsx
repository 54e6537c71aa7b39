/**
 * Number family: an input with precision, min, max, suffix and a thousands separator; an emptied
 * input is undefined (spec 01 §5). Rate (antd's star rating) is in `rate.tsx`, loaded on its own.
 */
import { connect, mapReadPretty, useField } from '@formily/react';
import { NumberPicker as FNumberPicker } from '@formily/antd-v5';
import { formatNumber } from '../../../schema-adapters/display/formatNumber';
import { rmbCapital } from '../../shared/format/rmbCapital';

/** Units of an amount in yuan, and what one unit is in yuan. */
const YUAN_UNITS: Record<string, number> = { 元: 1, 万元: 10_000 };

/**
 * The capital figures (大写金额, spec 02 §9) of an amount field — one whose unit is 元 or 万元 —
 * as contracts and cheques write them, so a typed amount can be checked against the paper.
 */
export function capitalOf(value: unknown, unit: string | undefined): string {
  const scale = unit ? YUAN_UNITS[unit.trim()] : undefined;
  if (!scale || value === null || value === undefined || value === '' || !Number.isFinite(Number(value))) return '';
  // 万元 × 10,000 in integer steps: 12.3456 万元 is 123,456 元 exactly, not 123455.99999.
  return rmbCapital(scale === 1 ? Number(value) : Number((Number(value) * scale).toFixed(2)));
}

const CAPITAL_STYLE = { color: 'rgba(0, 0, 0, 0.45)', fontSize: 12, lineHeight: '20px' } as const;

/** The capital line under an amount. */
function Capital({ text }: { text: string }) {
  return text ? <div className="fw-capital" style={CAPITAL_STYLE}>大写：{text}</div> : null;
}

/**
 * Whether this field is a cell of a sub-form row (its address has a row index, `payments.0.amount`):
 * a table cell shows the amount alone, as the list and 查看明细 do, and no capital line.
 */
function useInSubFormRow(): boolean {
  const field = useField();
  return /(^|\.)\d+\./.test(field?.address?.toString() ?? '');
}

/** 12345.6 → "12,345.6" (integer part grouped, decimals untouched). */
export function withThousands(text: string | number | undefined): string {
  if (text === undefined || text === null || text === '') return '';
  const [int, dec] = String(text).split('.');
  const grouped = int.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return dec !== undefined ? `${grouped}.${dec}` : grouped;
}

/** Number rendering of read-only fields: the adapter's formatter (as list and drawer), grouped, at the field precision, suffix attached. */
function NumberText(props: { value?: number | null; precision?: number; addonAfter?: string }) {
  const inRow = useInSubFormRow();
  if (props.value === null || props.value === undefined || Number.isNaN(Number(props.value))) return <span className="fw-empty-text">-</span>;
  const capital = capitalOf(props.value, props.addonAfter);
  const text = <span>{formatNumber(props.value, props.precision, true, props.addonAfter)}</span>;
  return capital && !inRow ? <div className="fw-amount">{text}<Capital text={capital} /></div> : text;
}

type NumberInputProps = Record<string, unknown> & { value?: number | null; onChange?: (v: number | undefined) => void; addonAfter?: string };

/** The input: grouped digits, the unit inside as a suffix (antd 5.29 deprecates addonAfter here), empty → undefined. */
function NumberInput({ value, onChange, addonAfter, ...rest }: NumberInputProps) {
  const capital = capitalOf(value, addonAfter);
  const inRow = useInSubFormRow();
  const input = (
    <FNumberPicker
      {...rest}
      suffix={addonAfter}
      value={value === null ? undefined : value}
      formatter={(v: string | number | undefined) => withThousands(v)}
      parser={(v: string | undefined) => (v ?? '').replace(/,/g, '')}
      onChange={(v: unknown) => onChange?.(v === null ? undefined : (v as number))}
    />
  );
  return capital && !inRow ? <div className="fw-amount">{input}<Capital text={capital} /></div> : input;
}

/** number. */
export const NumberPicker = connect(NumberInput, mapReadPretty(NumberText));
