import type { ISchema } from '@formily/json-schema';
import type { UserContext } from '../definition/types';
import { applyConditions, sqlAnswerHides } from '../state/fieldState';
import { CONDITION_REACTION, SQL_HIDE_REACTION, type FormworkFieldExtension } from './formworkExtension';

/** The little of a Formily field the reactions use (a @formily/core Field satisfies it). */
export interface BindableField {
  path: { segments: (string | number)[] };
  form: { getValuesIn(path: string | (string | number)[]): unknown };
  pattern?: string;
  visible: boolean;
  required: boolean;
  disabled: boolean;
}

/** What the live reactions need besides the form's values. */
export interface BindOptions {
  ctx: UserContext;
  /**
   * Asks the server about a `$sql` hide condition (`POST /api/auto/{form}/{field}/hide` with the
   * referenced values); resolves to the call's `data`. Debounce inside it if wanted. Without it
   * the field stays shown (CONTRACT.md §5).
   */
  askSqlHide?: (fieldName: string, data: Record<string, unknown>) => Promise<unknown>;
}

type Reaction = (field: BindableField) => void;

/** Reads the referenced values: row names beside the field, main names from the form root. */
function readRefs(field: BindableField, refs: Record<string, string>): { main: Record<string, unknown>; row: Record<string, unknown> } {
  const rowBase = field.path.segments.slice(0, -1);
  const main: Record<string, unknown> = {};
  const row: Record<string, unknown> = {};
  for (const [name, where] of Object.entries(refs)) {
    if (where === 'row') row[name] = field.form.getValuesIn([...rowBase, name]) ?? null;
    else if (where === 'main') main[name] = field.form.getValuesIn(name) ?? null;
  }
  return { main, row };
}

function conditionReaction(ext: FormworkFieldExtension, opts: BindOptions): Reaction {
  const refs = ext.refs ?? {};
  const rowFields = new Set(Object.keys(refs).filter((n) => refs[n] === 'row'));
  const formFields = new Set(Object.keys(refs).filter((n) => refs[n] === 'main'));
  const conditions = ext.sqlHide ? { ...ext.conditions, hide: undefined } : ext.conditions ?? {};
  return (field) => {
    // Only the referenced values are read here, so Formily re-runs this reaction only when one of them changes.
    const { main, row } = readRefs(field, refs);
    const state = applyConditions(ext.base, conditions, main, opts.ctx, { row, rowFields, formFields });
    if (!ext.sqlHide) field.visible = state.visible;
    field.required = state.required;
    if (field.pattern !== 'readPretty') field.disabled = state.disabled;
  };
}

function sqlHideReaction(ext: FormworkFieldExtension, opts: BindOptions): Reaction {
  let asked = 0;
  return (field) => {
    const { main } = readRefs(field, ext.refs ?? {});
    if (!opts.askSqlHide) return;
    const ticket = ++asked;
    opts.askSqlHide(ext.enName, main).then(
      (answer) => { if (ticket === asked) field.visible = ext.base.visible && !sqlAnswerHides(answer); },
      // The call failing leaves the field as it is: shown until a server answers.
      () => undefined,
    );
  };
}

function bindNode(node: ISchema, opts: BindOptions): ISchema {
  const out: ISchema = { ...node };
  const ext = node['x-formwork'] as FormworkFieldExtension | undefined;
  if (ext && Array.isArray(node['x-reactions'])) {
    out['x-reactions'] = node['x-reactions'].map((reaction) => {
      const marker = typeof reaction === 'object' ? (reaction as Record<string, unknown>)['x-formwork'] : undefined;
      if (marker === CONDITION_REACTION) return conditionReaction(ext, opts);
      if (marker === SQL_HIDE_REACTION) return sqlHideReaction(ext, opts);
      return reaction;
    }) as ISchema['x-reactions'];
  }
  if (node.properties) out.properties = Object.fromEntries(Object.entries(node.properties).map(([k, v]) => [k, bindNode(v, opts)]));
  if (node.items && !Array.isArray(node.items)) out.items = bindNode(node.items, opts);
  return out;
}

/**
 * Returns a copy of a schema from toFormilySchema whose condition markers are live Formily
 * reactions (functions): each reads only its dependencies, so a change re-evaluates only the
 * fields that depend on it. No eval, no Function: conditions run on expr-eval-fork.
 */
export function bindConditions<S extends ISchema>(schema: S, opts: BindOptions): S {
  return bindNode(schema, opts) as S;
}
