/** The user's saved filters: a button per kept column search, and a chooser of which to keep. */
import { FilterOutlined } from '@ant-design/icons';
import { Button, Popover } from 'antd';
import { lazy, memo, Suspense, type ReactNode } from 'react';
import type { ColumnModel } from '../../../../schema-adapters';
import type { SearchState } from '../search/columnSearch';
import { HeaderSearch } from '../search/HeaderSearch';
import { isActive } from '../search/searchConditions';
import styles from '../list.module.css';

// The chooser draws only once 常用筛选 opens; antd Checkbox loads then, not with the list.
const SavedFiltersChooser = lazy(() => import('./SavedFiltersChooser').then((m) => ({ default: m.SavedFiltersChooser })));

/** Buttons for the saved keys, then 常用筛选 to change them. */
export const SavedFilters = memo(function SavedFilters(props: {
  columns: ColumnModel[];
  keys: string[];
  search: SearchState;
  formName: string;
  menuId?: number;
  onSave(keys: string[]): void;
  onApply(key: string, search: SearchState[string] | undefined): void;
  extra?: ReactNode;
}) {
  const searchable = props.columns.filter((c) => c.search);
  const kept = props.keys.map((k) => searchable.find((c) => c.key === k)).filter((c): c is ColumnModel => !!c);
  return (
    <div className={styles.tags} data-testid="saved-filters">
      {kept.map((column) => (
        <HeaderSearch
          key={column.key}
          column={column}
          label={column.header}
          value={props.search[column.key]}
          active={isActive(column, props.search[column.key])}
          formName={props.formName}
          menuId={props.menuId}
          onApply={props.onApply}
        />
      ))}
      <Popover
        trigger="click"
        placement="bottomLeft"
        title="常用筛选"
        content={
          <Suspense fallback={null}>
            <SavedFiltersChooser value={props.keys} options={searchable.map((c) => ({ label: c.header, value: c.key }))} onChange={props.onSave} />
          </Suspense>
        }
      >
        <Button size="small" type="dashed" icon={<FilterOutlined />}>常用筛选</Button>
      </Popover>
      {props.extra}
    </div>
  );
});
