/** A footer cell of the totals row: 合计 and / or 平均 of one column (spec 01 §2.2 columnEvalList). */
import type { ColumnModel } from '../../../../schema-adapters';
import type { CalcdValue } from '../../api/records';
import styles from '../list.module.css';
import { formatNumber } from './numberFormat';

/** Empty for columns without a total. */
export function TotalsCell({ column, value }: { column: ColumnModel; value: CalcdValue | undefined }) {
  if (!column.total) return null;
  const precision = column.precision ?? 2;
  const parts: string[] = [];
  if (column.total !== 'average') parts.push(`合计: ${formatNumber(value?.sum ?? 0, precision, column.thousandSeparator)}`);
  if (column.total !== 'sum') parts.push(`平均: ${formatNumber(value?.avg ?? 0, precision, column.thousandSeparator)}`);
  const text = parts.join(' ');
  return (
    // The header in the tooltip: a total kept on screen may sit away from its column (ListTable).
    <span className={styles.totals} title={`${column.header} ${text}`} data-total={column.key}>
      {parts.map((p) => <span key={p}>{p}</span>)}
    </span>
  );
}
