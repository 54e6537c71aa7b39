/**
 * The page's Formily schema: the adapter's schema for the mode, its conditions bound to live
 * reactions (`$sql` hide conditions asked of the server, debounced 200 ms), inside a responsive
 * two-column grid (FormItem's gridSpan 2 = a full row).
 */
import type { ISchema } from '@formily/json-schema';
import { bindConditions } from '../../../schema-adapters/formily/bindConditions';
import { toFormilySchema } from '../../../schema-adapters/formily/toFormilySchema';
import type { FormDefinition, UserContext } from '../../../schema-adapters/definition/types';

/** Spec 01 §9: the debounce of calls made while typing. */
export const SQL_HIDE_DEBOUNCE_MS = 200;

/** The form modes of the adapter. */
export type FormMode = 'add' | 'edit' | 'detail' | 'flow';

/** Debounces `ask` per field: only the last call within the window goes to the server. */
export function debounceAsk(ask: (field: string, data: Record<string, unknown>) => Promise<unknown>, ms = SQL_HIDE_DEBOUNCE_MS) {
  const timers = new Map<string, { timer: ReturnType<typeof setTimeout>; reject: (e: unknown) => void }>();
  return (field: string, data: Record<string, unknown>): Promise<unknown> =>
    new Promise((resolve, reject) => {
      const prior = timers.get(field);
      if (prior) { clearTimeout(prior.timer); prior.reject(new Error('superseded')); }
      const timer = setTimeout(() => { timers.delete(field); ask(field, data).then(resolve, reject); }, ms);
      timers.set(field, { timer, reject });
    });
}

/** The bound schema of `def` in `mode`, wrapped in the form grid. */
export function pageSchema(
  def: FormDefinition,
  opts: { mode: FormMode; ctx: UserContext; visibleMap?: Record<string, boolean>; askSqlHide?: (field: string, data: Record<string, unknown>) => Promise<unknown> },
): ISchema {
  const raw = toFormilySchema(def, { mode: opts.mode, visibleMap: opts.visibleMap });
  const bound = bindConditions(raw, { ctx: opts.ctx, askSqlHide: opts.askSqlHide });
  return {
    type: 'object',
    properties: {
      __grid: {
        type: 'void',
        'x-component': 'FormGrid',
        // strictAutoFit: a full-row item (span 2: wide fields, dividers, group titles, sub-forms) after a
        // left-column item starts a new row; without it the grid squeezes it into the right half.
        'x-component-props': { maxColumns: 2, minColumns: 1, minWidth: 300, columnGap: 24, strictAutoFit: true },
        properties: bound.properties,
      },
    },
  };
}
