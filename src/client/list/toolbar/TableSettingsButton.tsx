/** 列设置: the user's fixed leading column count and whether 状态 shows (spec 01 §3.5 table settings). */
import { SettingOutlined } from '@ant-design/icons';
import { Button, InputNumber, Popover, Switch } from 'antd';
import type { TableSettings } from '../../api/records';

/** The button and its popover; `columnCount` bounds the fixed count (0 … the number of columns). */
export function TableSettingsButton(props: { settings: TableSettings; columnCount: number; defaultFix: number; onSave(patch: Partial<TableSettings>): void }) {
  return (
    <Popover
      trigger="click"
      placement="bottomLeft"
      title="列设置"
      content={
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
      }
    >
      <Button size="small" type="dashed" icon={<SettingOutlined />}>列设置</Button>
    </Popover>
  );
}
