/** The search icon of a column header and its popover (spec 01 §2.3). */
import { SearchOutlined } from '@ant-design/icons';
import { Button, Popover, Spin } from 'antd';
import { lazy, Suspense, useState, memo } from 'react';
import type { ColumnModel } from '../../../../schema-adapters';
import styles from '../list.module.css';
import type { ColumnSearch } from './columnSearch';

// The panel (date and time pickers, cascader, auto-complete…) loads when a search popover first
// opens, not with the list page (issue 15, goal 6: first-load JavaScript budgets).
const ColumnSearchPanel = lazy(() => import('./ColumnSearchPanel').then((m) => ({ default: m.ColumnSearchPanel })));

/** The trigger; `active` colours it when the column has a condition. */
export const HeaderSearch = memo(function HeaderSearch(props: { column: ColumnModel; label?: string; value: ColumnSearch | undefined; active: boolean; formName: string; menuId?: number; onApply(key: string, search: ColumnSearch | undefined): void }) {
  const [open, setOpen] = useState(false);
  return (
    <Popover
      trigger="click"
      open={open}
      onOpenChange={setOpen}
      placement="bottom"
      destroyOnHidden
      content={
        <Suspense fallback={<Spin size="small" />}>
          <ColumnSearchPanel
            column={props.column}
            value={props.value}
            formName={props.formName}
            menuId={props.menuId}
            onApply={(s) => {
              props.onApply(props.column.key, s);
              setOpen(false);
            }}
          />
        </Suspense>
      }
    >
      {props.label ? (
        <Button size="small" type={props.active ? 'primary' : 'default'} ghost={props.active} icon={<SearchOutlined />}>{props.label}</Button>
      ) : (
        <SearchOutlined aria-label={`搜索${props.column.header}`} className={`${styles.searchIcon} ${props.active ? styles.searchActive : ''}`} />
      )}
    </Popover>
  );
});
