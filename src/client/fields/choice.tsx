/**
 * Choice family (select, radio, checkbox, cascader, switch, color): @formily/antd-v5 components,
 * with options from the definition (`enum`) or a configured constant list (`configDataId`, loaded
 * here and set as the field's data source so edit and read-pretty both see labels).
 */
import { connect, mapProps, mapReadPretty, observer, useField } from '@formily/react';
import type { Field } from '@formily/core';
import { Cascader as FCascader, Checkbox as FCheckbox, Radio as FRadio, Switch as FSwitch } from '@formily/antd-v5';
import { Radio, Select as AntSelect, Space, Tag } from 'antd';
import { useEffect, type ComponentType } from 'react';
import { ChoiceText, OptionTag } from './ChoiceText';
import { useConstantOptions, type ChoiceOption } from './data/useConstantOptions';

/** Loads `configDataId` options into the field's data source. */
function useConfiguredSource(configDataId: unknown): void {
  const field = useField<Field>();
  const options = useConstantOptions(configDataId as number | undefined);
  useEffect(() => {
    if (options && field) field.setDataSource(options);
  }, [options, field]);
}

/** Wraps a choice component so a configured list fills its options first. */
function withConfiguredOptions<P extends object>(Inner: ComponentType<P>, name: string) {
  const Wrapped = (props: P & { configDataId?: number | string }) => {
    const { configDataId, ...rest } = props;
    useConfiguredSource(configDataId);
    return <Inner {...(rest as P)} />;
  };
  Wrapped.displayName = name;
  return Wrapped;
}

/** An option shown with its colour, as the list shows it. */
function renderOption(o: { label?: unknown; data?: Partial<ChoiceOption> }) {
  const d = o.data;
  return d?.color || d?.backgroundColor ? <OptionTag option={{ label: String(o.label), value: '', color: d.color, backgroundColor: d.backgroundColor }} /> : <>{o.label as string}</>;
}

const ColouredSelect = connect(
  AntSelect,
  mapProps(((props: Record<string, unknown>, field: Field) => ({
    ...props,
    options: field.dataSource as ChoiceOption[],
    optionRender: renderOption,
    optionFilterProp: 'label',
    style: { width: '100%' },
  })) as never),
  mapReadPretty(ChoiceText),
);

/** select: single or multiple, searchable when `filterable`. */
export const Select = withConfiguredOptions(ColouredSelect, 'Select');

const RadioGroup = withConfiguredOptions(connect(FRadio.Group, mapReadPretty(ChoiceText)), 'Radio.Group');
const CheckboxGroup = withConfiguredOptions(connect(FCheckbox.Group, mapReadPretty(ChoiceText)), 'Checkbox.Group');

/** radio (a Radio.Group). */
export const RadioField = Object.assign(FRadio, { Group: RadioGroup });
/** checkbox (a Checkbox.Group). */
export const CheckboxField = Object.assign(FCheckbox, { Group: CheckboxGroup });

/** cascader: option paths; a configured list gives its tree. */
export const Cascader = withConfiguredOptions(connect(FCascader, mapReadPretty(ChoiceText)), 'Cascader');

/** switch: 是 / 否 when read-only. */
export const Switch = connect(FSwitch, mapReadPretty(({ value }: { value?: boolean }) => <span>{value ? '是' : '否'}</span>));

const COLOR_SWATCH: Record<string, string> = { red: '#f5222d', yellow: '#faad14', green: '#52c41a' };

/** color: red / yellow / green (spec 01 §9) as a radio of swatches. */
export const ColorSelect = connect(
  observer(function ColorSelect(props: { value?: string | null; onChange?: (v: string | null) => void; options?: ChoiceOption[]; disabled?: boolean }) {
    return (
      <Radio.Group value={props.value ?? undefined} disabled={props.disabled} onChange={(e) => props.onChange?.(e.target.value)}>
        <Space>
          {(props.options ?? []).map((o) => (
            <Radio key={String(o.value)} value={o.value} aria-label={o.label}>
              <span className="fw-color-swatch" style={{ background: COLOR_SWATCH[String(o.value)] ?? o.color }} /> {o.label}
            </Radio>
          ))}
        </Space>
      </Radio.Group>
    );
  }),
  mapReadPretty(({ value, options }: { value?: string | null; options?: ChoiceOption[] }) => {
    const o = options?.find((x) => x.value === value);
    return o ? <Tag color={COLOR_SWATCH[String(value)]}>{o.label}</Tag> : <span className="fw-empty-text">-</span>;
  }),
);
