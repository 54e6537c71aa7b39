/** Radio, checkbox and colour groups of the choice family (options as in `choice.tsx`). */
import { connect, mapReadPretty, observer } from '@formily/react';
import { Checkbox as FCheckbox, Radio as FRadio } from '@formily/antd-v5';
import { Radio, Space, Tag } from 'antd';
import { ChoiceText } from './ChoiceText';
import { withConfiguredOptions } from './configuredOptions';
import type { ChoiceOption } from './data/useConstantOptions';

const RadioGroup = withConfiguredOptions(connect(FRadio.Group, mapReadPretty(ChoiceText)), 'Radio.Group');
const CheckboxGroup = withConfiguredOptions(connect(FCheckbox.Group, mapReadPretty(ChoiceText)), 'Checkbox.Group');

/** radio (a Radio.Group). */
export const RadioField = Object.assign(FRadio, { Group: RadioGroup });
/** checkbox (a Checkbox.Group). */
export const CheckboxField = Object.assign(FCheckbox, { Group: CheckboxGroup });

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
