/** The text of a closable search tag (spec 01 §2.2): header, then what is searched. Pure. */
import type { ColumnModel } from '../../../../schema-adapters';
import { hasValue, SEARCH_TEXTS, type ColumnSearch } from './columnSearch';

function show(value: unknown, column: ColumnModel): string {
  const list = Array.isArray(value) ? value : [value];
  return list
    .filter(hasValue)
    .map((v) => column.options?.find((o) => String(o.value) === String(v))?.label ?? String(v))
    .join(column.search === 'cascader' ? '/' : '、');
}

/** "header: value", "header: a ~ b" or "header: 已填". */
export function conditionLabel(column: ColumnModel, search: ColumnSearch): string {
  const parts: string[] = [];
  const range = search.searchRange ?? 'all';
  if (range !== 'all') parts.push(SEARCH_TEXTS[range]);
  if (column.search === 'subForm') {
    for (const [key, child] of Object.entries(search.children ?? {})) {
      const col = column.children?.find((c) => c.key === key);
      if (col && (hasValue(child.value) || hasValue(child.start) || hasValue(child.end))) parts.push(conditionLabel(col, child));
    }
  } else if (hasValue(search.start) || hasValue(search.end)) {
    parts.push(`${hasValue(search.start) ? String(search.start) : ''} ~ ${hasValue(search.end) ? String(search.end) : ''}`);
  } else if (hasValue(search.view)) parts.push(search.view as string);
  else if (hasValue(search.value)) parts.push(show(search.value, column));
  return `${column.header}: ${parts.join(' ')}`;
}
