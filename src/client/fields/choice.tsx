/**
 * Choice family (select, cascader, switch): @formily/antd-v5 components, with options from the
 * definition (`enum`) or a configured constant list (`configDataId`, `configuredOptions.tsx`).
 * Radio, checkbox and colour groups are in `choiceGroups.tsx`, loaded only by forms that show them.
 */
import { LoadingOutlined } from '@ant-design/icons';
import { connect, mapProps, mapReadPretty } from '@formily/react';
import type { Field } from '@formily/core';
import { Switch as FSwitch } from '@formily/antd-v5';
import { Cascader as AntCascader, Select as AntSelect } from 'antd';
import { ChoiceText, OptionTag } from './ChoiceText';
import { withConfiguredOptions } from './configuredOptions';
import type { ChoiceOption } from './data/useConstantOptions';

/** An option shown with its colour, as the list shows it. */
function renderOption(o: { label?: unknown; data?: Partial<ChoiceOption> }) {
  const d = o.data;
  return d?.color || d?.backgroundColor ? <OptionTag option={{ label: String(o.label), value: '', color: d.color, backgroundColor: d.backgroundColor }} /> : <>{o.label as string}</>;
}

// antd's own Select and Cascader; this module loads with the first form that shows one (registry.ts).
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

/** cascader: option paths; a configured list gives its tree. */
export const Cascader = withConfiguredOptions(
  connect(
    AntCascader,
    // As @formily/antd-v5's Cascader: options from the data source, a spinner while validating.
    mapProps({ dataSource: 'options' }, ((props: Record<string, unknown>, field: Field) => ({
      ...props,
      suffixIcon: field?.loading || field?.validating ? <LoadingOutlined /> : props.suffixIcon,
    })) as never),
    mapReadPretty(ChoiceText),
  ),
  'Cascader',
);

/** switch: 是 / 否 when read-only. */
export const Switch = connect(FSwitch, mapReadPretty(({ value }: { value?: boolean }) => <span>{value ? '是' : '否'}</span>));

