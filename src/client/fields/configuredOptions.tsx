/**
 * Options from a configured constant list (`configDataId`), loaded and set as the field's data
 * source so edit and read-pretty both see labels; shared by the choice families.
 */
import { useField } from '@formily/react';
import type { Field } from '@formily/core';
import { useEffect, type ComponentType } from 'react';
import { useConstantOptions } from './data/useConstantOptions';

/** Loads `configDataId` options into the field's data source. */
function useConfiguredSource(configDataId: unknown): void {
  const field = useField<Field>();
  const options = useConstantOptions(configDataId as number | undefined);
  useEffect(() => {
    if (options && field) field.setDataSource(options);
  }, [options, field]);
}

/** Wraps a choice component so a configured list fills its options first. */
export function withConfiguredOptions<P extends object>(Inner: ComponentType<P>, name: string) {
  const Wrapped = (props: P & { configDataId?: number | string }) => {
    const { configDataId, ...rest } = props;
    useConfiguredSource(configDataId);
    return <Inner {...(rest as P)} />;
  };
  Wrapped.displayName = name;
  return Wrapped;
}
