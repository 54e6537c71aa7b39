/** Options of a configured constant list (`configDataId`), cached per list for the session. */
import { useQuery } from '@tanstack/react-query';
import { constantOptions, type ConstantOption } from '../../api/pickerOptions';
import { queryKeys } from '../../api/queryKeys';

/** An option as the choice components take it. */
export interface ChoiceOption {
  label: string;
  value: string | number | boolean;
  color?: string;
  backgroundColor?: string;
  children?: ChoiceOption[];
}

/** Constant items → options (value = the item id, label = its name), children kept for cascaders. */
export function toChoiceOptions(items: ConstantOption[]): ChoiceOption[] {
  return [...items]
    .sort((a, b) => (a.orderNum ?? 0) - (b.orderNum ?? 0))
    .map((c) => ({ label: c.name, value: c.id, ...(c.children?.length ? { children: toChoiceOptions(c.children) } : {}) }));
}

/** The options of list `configDataId` (undefined while loading or without a list). */
export function useConstantOptions(configDataId: number | string | undefined | null): ChoiceOption[] | undefined {
  const q = useQuery({
    queryKey: queryKeys.pickers.constants(configDataId ?? ''),
    queryFn: () => constantOptions(configDataId as number),
    enabled: configDataId != null && configDataId !== '',
    staleTime: 5 * 60_000,
  });
  return q.data ? toChoiceOptions(q.data) : undefined;
}
