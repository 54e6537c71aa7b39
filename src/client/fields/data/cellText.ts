/** Plain text of a record value for picker and sub-form tables: the adapter's one formatter, so it reads as the list and the form. */
import { displayText } from '../../../../schema-adapters/display/displayText';
import type { ColumnModel } from '../../../../schema-adapters/columns/columnModel';

/** The display text of `row` under column `c` ('' when empty). */
export function cellText(c: ColumnModel, row: Record<string, unknown>): string {
  return displayText(c, row);
}
