/**
 * address: one select per level (province, city, district; `levels` of them), each level's options
 * fetched lazily from /api/system/address/{id}/children; changing or clearing a level clears the
 * levels below it (spec 01 §4).
 */
import type { Field } from '@formily/core';
import { connect, mapReadPretty, useField } from '@formily/react';
import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Select, Space } from 'antd';
import { addressChildren } from '../api/pickerOptions';
import { queryKeys } from '../api/queryKeys';

const LEVEL_NAMES = ['省', '市', '区'];
const ROOT = 1;

/** The value after choosing `id` at `level` (null clears): the levels below are dropped. */
export function setAddressLevel(value: unknown[] | null | undefined, level: number, id: number | null): number[] {
  const head = (Array.isArray(value) ? value : []).slice(0, level).map(Number);
  return id == null ? head : [...head, id];
}

function useChildren(parent: number | undefined) {
  return useQuery({ queryKey: queryKeys.pickers.address(parent ?? -1), queryFn: () => addressChildren(parent as number), enabled: parent != null, staleTime: Infinity });
}

function Level({ parent, value, level, disabled, onPick }: { parent?: number; value?: number; level: number; disabled?: boolean; onPick: (id: number | null) => void }) {
  const q = useChildren(parent);
  return (
    <Select
      aria-label={`${LEVEL_NAMES[level]}级`}
      style={{ minWidth: 140 }}
      placeholder={`请选择${LEVEL_NAMES[level]}`}
      value={value}
      disabled={disabled || parent == null}
      loading={q.isFetching}
      allowClear
      showSearch
      optionFilterProp="label"
      options={(q.data ?? []).map((a) => ({ value: a.id, label: a.name }))}
      onChange={(v) => onPick(v == null ? null : Number(v))}
      onClear={() => onPick(null)}
    />
  );
}

interface Props {
  value?: number[] | null;
  onChange?: (v: number[]) => void;
  levels?: number;
  disabled?: boolean;
}

function AddressName({ parent, id }: { parent: number; id: number }) {
  const q = useChildren(parent);
  return <>{q.data?.find((a) => a.id === id)?.name ?? ''}</>;
}

/** Spec 01 §5: a started address needs every level, else `{label}必填`. */
export function addressLevelsMessage(value: unknown, levels: number, label: string): string {
  const n = Array.isArray(value) ? value.filter((v) => v != null && v !== '').length : 0;
  return n > 0 && n < levels ? `${label}必填` : '';
}

/** Adds the every-level rule to the field once. */
function useLevelsRule(levels: number): void {
  const field = useField<Field>();
  useEffect(() => {
    if (!field) return;
    const rule = (v: unknown) => addressLevelsMessage(v, levels, String(field.title ?? ''));
    const current = field.validator;
    field.setValidator(current ? [...(Array.isArray(current) ? current : [current]), rule] : [rule]);
    // Once per field: the rule reads the level count it was made with.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [field]);
}

/** address. */
export const AddressCascader = connect(
  function AddressCascader({ value, onChange, levels = 3, disabled }: Props) {
    useLevelsRule(levels);
    const path = (Array.isArray(value) ? value : []).map(Number);
    return (
      <Space.Compact style={{ width: '100%' }} className="fw-address">
        {Array.from({ length: levels }, (_, level) => (
          <Level key={level} level={level} parent={level === 0 ? ROOT : path[level - 1]} value={path[level]} disabled={disabled} onPick={(id) => onChange?.(setAddressLevel(path, level, id))} />
        ))}
      </Space.Compact>
    );
  },
  mapReadPretty(({ value }: Props) => {
    const path = (Array.isArray(value) ? value : []).map(Number);
    if (!path.length) return <span className="fw-empty-text">-</span>;
    return (
      <span>
        {path.map((id, i) => (
          <span key={id}>{i ? ' / ' : ''}<AddressName parent={i === 0 ? ROOT : path[i - 1]} id={id} /></span>
        ))}
      </span>
    );
  }),
);
