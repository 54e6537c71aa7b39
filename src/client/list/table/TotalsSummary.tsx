/**
 * The totals again in one line under the table (issue 27 item 12): the 合计 row's cells sit under
 * their columns, which at 1,440 px are often off to the right; this line shows every total
 * without scrolling sideways.
 */
import type { ColumnModel } from '../../../../schema-adapters';
import type { CalcdValue } from '../../api/records';
import styles from '../list.module.css';
import { formatNumber } from './numberFormat';

/** `合同金额 合计: 1,500.50` (and / or `平均: …`) for each shown column that has a total. */
export function totalsSummaryParts(columns: ColumnModel[], totals: Map<string, CalcdValue>): string[] {
  return columns.filter((c) => c.total && c.visible !== false).map((c) => {
    const value = totals.get(c.key);
    const precision = c.precision ?? 2;
    const parts: string[] = [];
    if (c.total !== 'average') parts.push(`合计: ${formatNumber(value?.sum ?? 0, precision, c.thousandSeparator)}`);
    if (c.total !== 'sum') parts.push(`平均: ${formatNumber(value?.avg ?? 0, precision, c.thousandSeparator)}`);
    return `${c.header} ${parts.join(' ')}`;
  });
}

/** Nothing when no shown column has a total. */
export function TotalsSummary({ columns, totals }: { columns: ColumnModel[]; totals: Map<string, CalcdValue> }) {
  const parts = totalsSummaryParts(columns, totals);
  if (!parts.length) return null;
  return (
    <div className={styles.totalsSummary} data-testid="totals-summary">
      {parts.map((p) => <span key={p}>{p}</span>)}
    </div>
  );
}
