/** Read-pretty display of choice values: option labels, as coloured tags where the option has a colour. */
import { observer, useField } from '@formily/react';
import type { Field } from '@formily/core';
import { Space, Tag } from 'antd';
import type { ChoiceOption } from './data/useConstantOptions';

/** Finds the option path of a value (cascader values are paths; nested options are searched). */
export function findChoice(options: ChoiceOption[] | undefined, value: unknown): ChoiceOption | undefined {
  for (const o of options ?? []) {
    if (o.value == value) return o;
    const inner = findChoice(o.children, value);
    if (inner) return inner;
  }
  return undefined;
}

/** An option as a tag: its text colour on its background colour (or antd's preset for a plain colour). */
export function OptionTag({ option }: { option: ChoiceOption }) {
  if (option.backgroundColor) return <Tag style={{ color: option.color, background: option.backgroundColor, borderColor: option.color }}>{option.label}</Tag>;
  return <Tag color={option.color}>{option.label}</Tag>;
}

/** The labels of the field's value (a cascader path shows its last level). */
export const ChoiceText = observer(function ChoiceText(props: { value?: unknown; options?: ChoiceOption[] }) {
  const field = useField<Field>();
  const options = (props.options ?? (field?.dataSource as ChoiceOption[] | undefined)) ?? [];
  const cascader = field?.componentType === 'Cascader';
  const raw = props.value;
  const values = raw == null || raw === '' ? [] : cascader && Array.isArray(raw) && !Array.isArray(raw[0]) ? [raw[raw.length - 1]] : Array.isArray(raw) ? raw.map((v) => (Array.isArray(v) ? v[v.length - 1] : v)) : [raw];
  if (!values.length) return <span className="fw-empty-text">-</span>;
  return (
    <Space size={4} wrap>
      {values.map((v) => {
        const o = findChoice(options, v);
        const label = o?.label ?? String(v);
        return o?.color || o?.backgroundColor ? (
          <OptionTag key={String(v)} option={o} />
        ) : (
          <span key={String(v)}>{label}</span>
        );
      })}
    </Space>
  );
});
