/** 常用筛选's chooser (its own module: antd `Checkbox` loads on the first opening, ADR 0406). */
import { Checkbox } from 'antd';

export function SavedFiltersChooser(props: { options: { label: string; value: string }[]; value: string[]; onChange(keys: string[]): void }) {
  return (
    <Checkbox.Group
      style={{ display: 'flex', flexDirection: 'column', maxHeight: 320, overflow: 'auto' }}
      value={props.value}
      options={props.options}
      onChange={(v) => props.onChange(v as string[])}
    />
  );
}
