/**
 * The search popover of one column (spec 01 §2.3): the control of its search kind, the
 * 模糊搜索 / 精确搜索 and 全部 / 已填 / 未填 radios where they apply, and 重置 / 确认.
 */
import { AutoComplete, Button, Cascader, Checkbox, DatePicker, Input, InputNumber, Radio, Select, TimePicker } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState, type ReactNode } from 'react';
import { toDayjsFormat, type ColumnModel } from '../../../../schema-adapters';
import { useSuggestions } from '../controllers/useSuggestions';
import styles from '../list.module.css';
import { SEARCH_TEXTS, type ColumnSearch } from './columnSearch';
import { useColumnOptions } from './useOptions';
import { STATUS_STYLES } from '../cells/statusColors';

/** Props: the column, its current search, where to apply it, and the form for suggestions. */
export interface ColumnSearchPanelProps {
  column: ColumnModel;
  value: ColumnSearch | undefined;
  formName: string;
  menuId?: number;
  onApply(search: ColumnSearch | undefined): void;
}

function toDay(v: unknown): Dayjs | null {
  if (typeof v !== 'string' || !v) return null;
  const d = dayjs(v.length === 8 && v.includes(':') ? `1970-01-01 ${v}` : v);
  return d.isValid() ? d : null;
}

/** The editor of one column's search; nothing is applied until 确认 (or Enter in a text box). */
export function ColumnSearchPanel({ column, value, formName, menuId, onApply }: ColumnSearchPanelProps) {
  const [draft, setDraft] = useState<ColumnSearch>(value ?? {});
  const set = (patch: Partial<ColumnSearch>) => setDraft((d) => ({ ...d, ...patch }));
  const apply = () => onApply(draft);
  const textKinds = column.search === 'text' || column.search === 'user' || column.search === 'dept' || column.search === 'related' || column.search === 'address';
  const textKey: 'value' | 'view' = column.search === 'user' || column.search === 'dept' || column.search === 'related' ? 'view' : 'value';
  const text = String((textKey === 'view' ? draft.view : draft.value) ?? '');
  const suggestWanted = textKinds && column.search !== 'address' && column.kind === 'field' && column.cell !== 'files';
  const suggestions = useSuggestions(formName, column.key, text, suggestWanted, { menuId });
  const options = useColumnOptions(column, column.search === 'select' || column.search === 'cascader');

  let control: ReactNode = null;
  switch (column.search) {
    case 'numberRange':
      control = (
        <div style={{ display: 'flex', gap: 8, alignItems: 'center' }}>
          <InputNumber aria-label="开始" placeholder="开始" style={{ flex: 1 }} value={draft.start as number | null | undefined} onChange={(v) => set({ start: v ?? undefined })} />
          <span>~</span>
          <InputNumber aria-label="结束" placeholder="结束" style={{ flex: 1 }} value={draft.end as number | null | undefined} onChange={(v) => set({ end: v ?? undefined })} />
        </div>
      );
      break;
    case 'dateRange': {
      const fmt = toDayjsFormat(column.format ?? 'yyyy-MM-dd');
      const withTime = /H/.test(fmt);
      control = (
        <DatePicker.RangePicker
          aria-label="日期范围"
          showTime={withTime}
          format={fmt}
          picker={fmt === 'YYYY' ? 'year' : fmt === 'YYYY-MM' ? 'month' : 'date'}
          value={[toDay(draft.start), toDay(draft.end)]}
          allowEmpty={[true, true]}
          onChange={(v) => set({
            start: v?.[0] ? v[0].format(withTime ? 'YYYY-MM-DD HH:mm:ss' : 'YYYY-MM-DD') : undefined,
            end: v?.[1] ? v[1].format(withTime ? 'YYYY-MM-DD HH:mm:ss' : 'YYYY-MM-DD') : undefined,
          })}
          getPopupContainer={(el) => el.parentElement ?? document.body}
        />
      );
      break;
    }
    case 'timeRange':
      control = (
        <TimePicker.RangePicker
          aria-label="时间范围"
          value={[toDay(draft.start), toDay(draft.end)]}
          allowEmpty={[true, true]}
          onChange={(v) => set({ start: v?.[0]?.format('HH:mm:ss'), end: v?.[1]?.format('HH:mm:ss') })}
          getPopupContainer={(el) => el.parentElement ?? document.body}
        />
      );
      break;
    case 'select':
      control = (
        <Select
          aria-label="选择"
          mode="multiple"
          allowClear
          placeholder="请选择"
          style={{ width: '100%' }}
          value={(Array.isArray(draft.value) ? draft.value : draft.value != null ? [draft.value] : []) as (string | number)[]}
          options={options.map((o) => ({ label: o.label, value: o.value as string | number }))}
          onChange={(v) => set({ value: v })}
          getPopupContainer={(el) => el.parentElement ?? document.body}
        />
      );
      break;
    case 'cascader':
      control = (
        <Cascader
          aria-label="选择"
          placeholder="请选择"
          style={{ width: '100%' }}
          changeOnSelect
          value={(Array.isArray(draft.value) ? draft.value : []) as (string | number)[]}
          options={options as never}
          fieldNames={{ label: 'label', value: 'value', children: 'children' }}
          onChange={(v) => set({ value: v ?? undefined })}
          getPopupContainer={(el) => el.parentElement ?? document.body}
        />
      );
      break;
    case 'status':
      control = (
        <Checkbox.Group
          value={(Array.isArray(draft.value) ? draft.value : []) as number[]}
          options={[1, 0, -1, -2].map((v) => ({ label: STATUS_STYLES[String(v)].label, value: v }))}
          onChange={(v) => set({ value: v })}
        />
      );
      break;
    case 'subForm':
      control = (
        <div style={{ display: 'flex', flexDirection: 'column', gap: 6 }}>
          {(column.children ?? []).filter((c) => c.search === 'text' || c.search === 'numberRange').map((child) => (
            <Input
              key={child.key}
              addonBefore={child.header}
              value={String(draft.children?.[child.key]?.value ?? '')}
              onChange={(e) => set({ children: { ...draft.children, [child.key]: { value: e.target.value, searchType: child.search === 'text' ? 'like' : 'equal' } } })}
              onPressEnter={apply}
            />
          ))}
        </div>
      );
      break;
    default:
      if (textKinds) {
        control = (
          <AutoComplete
            options={suggestions.map((s) => ({ value: s }))}
            value={text}
            onChange={(v) => set({ [textKey]: v })}
            getPopupContainer={(el) => el.parentElement ?? document.body}
            style={{ width: '100%' }}
          >
            <Input aria-label={`搜索${column.header}`} placeholder={`请输入${column.header}，回车确认`} onPressEnter={apply} allowClear />
          </AutoComplete>
        );
      }
  }

  return (
    <div className={styles.searchPanel} data-testid={`search-panel-${column.key}`}>
      {column.searchTypeRadio ? (
        <Radio.Group value={draft.searchType ?? column.defaultSearchType} onChange={(e) => set({ searchType: e.target.value })}>
          <Radio value="like">{SEARCH_TEXTS.like}</Radio>
          <Radio value="equal">{SEARCH_TEXTS.equal}</Radio>
        </Radio.Group>
      ) : null}
      {column.searchRange ? (
        <Radio.Group value={draft.searchRange ?? 'all'} onChange={(e) => set({ searchRange: e.target.value })}>
          <Radio value="all">{SEARCH_TEXTS.all}</Radio>
          <Radio value="notNull">{SEARCH_TEXTS.notNull}</Radio>
          <Radio value="isNull">{SEARCH_TEXTS.isNull}</Radio>
        </Radio.Group>
      ) : null}
      {control}
      <div className={styles.searchButtons}>
        <Button size="small" onClick={() => { setDraft({}); onApply(undefined); }}>{SEARCH_TEXTS.reset}</Button>
        <Button size="small" type="primary" onClick={apply}>{SEARCH_TEXTS.confirm}</Button>
      </div>
    </div>
  );
}
