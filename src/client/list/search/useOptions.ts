/** The options of a select / cascader column: fixed ones, or the children of its configured constant list. */
import { useQuery } from '@tanstack/react-query';
import type { ColumnModel, FieldOption } from '../../../../schema-adapters';
import { listConstantChildren } from '../../api/constants';
import { queryKeys } from '../../api/queryKeys';

/** Options for a column's search picker; configured lists are fetched when `enabled`. */
export function useColumnOptions(column: ColumnModel, enabled: boolean): FieldOption[] {
  const parentId = column.configDataId != null ? Number(column.configDataId) : NaN;
  const configured = useQuery({
    queryKey: queryKeys.constants.children(parentId),
    queryFn: async () => (await listConstantChildren(parentId)).data ?? [],
    enabled: enabled && !column.options?.length && Number.isFinite(parentId),
    staleTime: 60_000,
  });
  if (column.options?.length) return column.options;
  return (configured.data ?? []).map((c) => ({ label: c.name, value: c.id as number }));
}
