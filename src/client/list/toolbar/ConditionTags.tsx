/** Closable tags for the active sort keys and search conditions (spec 01 §2.2). */
import { Tag } from 'antd';
import { memo } from 'react';
import type { ColumnModel } from '../../../../schema-adapters';
import type { OrderKey } from '../../api/records';
import { conditionLabel } from '../search/conditionLabel';
import type { SearchState } from '../search/columnSearch';
import { isActive } from '../search/searchConditions';
import styles from '../list.module.css';

/** One tag per sort key (排序) and per active column search; closing one removes it. */
export const ConditionTags = memo(function ConditionTags(props: {
  columns: ColumnModel[];
  sort: OrderKey[];
  search: SearchState;
  keyword: string;
  onRemoveSort(field: string): void;
  onRemoveSearch(key: string): void;
  onRemoveKeyword(): void;
}) {
  const byKey = new Map(props.columns.map((c) => [c.key, c]));
  const searches = Object.entries(props.search).filter(([key, s]) => {
    const column = byKey.get(key);
    return column ? (column.kind === 'status' ? Array.isArray(s.value) && s.value.length > 0 : isActive(column, s)) : false;
  });
  if (!props.sort.length && !searches.length && !props.keyword) return null;
  return (
    <div className={styles.tags} data-testid="condition-tags">
      {props.sort.map((k) => (
        <Tag key={`sort-${k.field}`} color="blue" closable onClose={(e) => { e.preventDefault(); props.onRemoveSort(k.field); }}>
          排序: {byKey.get(k.field)?.header ?? k.field} {k.order === 'asc' ? '升序' : '降序'}
        </Tag>
      ))}
      {props.keyword ? (
        <Tag key="keyword" color="green" closable onClose={(e) => { e.preventDefault(); props.onRemoveKeyword(); }}>
          关键词: {props.keyword}
        </Tag>
      ) : null}
      {searches.map(([key, s]) => (
        <Tag key={`search-${key}`} color="gold" closable onClose={(e) => { e.preventDefault(); props.onRemoveSearch(key); }}>
          {conditionLabel(byKey.get(key)!, s)}
        </Tag>
      ))}
    </div>
  );
});
