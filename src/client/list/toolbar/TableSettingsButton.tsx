/** 列设置: the user's fixed leading column count and whether 状态 shows (spec 01 §3.5 table settings). */
import { SettingOutlined } from '@ant-design/icons';
import { Button, Popover } from 'antd';
import { lazy, Suspense } from 'react';
import type { TableSettings } from '../../api/records';

// The popover draws its content only once opened; its InputNumber loads then, not with the list.
const TableSettingsPanel = lazy(() => import('./TableSettingsPanel').then((m) => ({ default: m.TableSettingsPanel })));

/** The button and its popover; `columnCount` bounds the fixed count (0 … the number of columns). */
export function TableSettingsButton(props: { settings: TableSettings; columnCount: number; defaultFix: number; onSave(patch: Partial<TableSettings>): void }) {
  return (
    <Popover
      trigger="click"
      placement="bottomLeft"
      title="列设置"
      content={<Suspense fallback={null}><TableSettingsPanel {...props} /></Suspense>}
    >
      <Button size="small" type="dashed" icon={<SettingOutlined />}>列设置</Button>
    </Popover>
  );
}
