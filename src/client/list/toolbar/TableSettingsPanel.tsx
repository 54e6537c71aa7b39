/** The 列设置 popover's content (its own module: `InputNumber` loads on the first opening, ADR 0405). */
import { InputNumber, Switch } from 'antd';
import type { TableSettings } from '../../api/records';

export function TableSettingsPanel(props: { settings: TableSettings; columnCount: number; defaultFix: number; onSave(patch: Partial<TableSettings>): void }) {
  return (
    <div style={{ display: 'grid', gridTemplateColumns: 'auto auto', gap: 8, alignItems: 'center' }}>
      <span>固定列数</span>
      <InputNumber
        aria-label="固定列数"
        min={0}
        max={props.columnCount}
        precision={0}
        value={props.settings.fixColumns ?? props.defaultFix}
        onChange={(v) => {
          if (typeof v === 'number' && v >= 0 && v <= props.columnCount) props.onSave({ fixColumns: v });
        }}
      />
      <span>显示状态列</span>
      <Switch aria-label="显示状态列" checked={props.settings.showStatus !== false} onChange={(on) => props.onSave({ showStatus: on })} />
    </div>
  );
}
