/** Read-pretty display of choice values: option labels, as coloured tags where the option has a colour. */
import { observer, useField } from '@formily/react';
import type { Field } from '@formily/core';
import { Space, Tag } from 'antd';
import { cascaderPaths, optionPath, PATH_SEPARATOR } from '../../../schema-adapters/display/displayText';
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

/** The labels of the field's value (a cascader path shows every level, `钢材 / 盘圆`, as list and editor do). */
export const ChoiceText = observer(function ChoiceText(props: { value?: unknown; options?: ChoiceOption[] }) {
  const field = useField<Field>();
  const options = (props.options ?? (field?.dataSource as ChoiceOption[] | undefined)) ?? [];
  const cascader = field?.componentType === 'Cascader';
  const raw = props.value;
  const values = raw == null || raw === '' ? [] : cascader ? cascaderPaths(raw) : Array.isArray(raw) ? raw : [raw];
  if (!values.length) return <span className="fw-empty-text">-</span>;
  // A configured constant list still loading: show nothing rather than flash the raw ids (4535).
  const configured = (field?.componentProps as { configDataId?: unknown } | undefined)?.configDataId;
  if (configured != null && configured !== '' && !options.length) return <span className="fw-empty-text" aria-busy="true" />;
  if (cascader) {
    return (
      <Space size={4} wrap>
        {(values as unknown[][]).map((path) => {
          const known = optionPath(options, path);
          const label = path.map((v, i) => known[i]?.label ?? String(v)).join(PATH_SEPARATOR);
          const leaf = known.length === path.length ? known[known.length - 1] : undefined;
          return leaf?.color || leaf?.backgroundColor ? <OptionTag key={label} option={{ ...leaf, label }} /> : <span key={label}>{label}</span>;
        })}
      </Space>
    );
  }
  return (
    <Space size={4} wrap>
      {(values as unknown[]).map((v) => {
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
