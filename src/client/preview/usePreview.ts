/**
 * The preview's controller (no antd): the chosen or pasted definition, its validation problems,
 * the Formily schema of the chosen mode, a live form built with the chosen user context, and the
 * list columns with sample rows. Everything runs in the browser.
 */
import { createForm } from '@formily/core';
import { useMemo, useState } from 'react';
import { toColumns } from '../../../schema-adapters/columns/toColumns';
import { validateDefinition } from '../../../schema-adapters/definition/validateDefinition';
import type { FormDefinition, UserContext } from '../../../schema-adapters/definition/types';
import { defaultValues } from '../../../schema-adapters/records/defaultValues';
import { toFormilySchema } from '../../../schema-adapters/formily/toFormilySchema';
import { pageSchema, type FormMode } from '../form/formSchema';
import { revalidateOnChange } from '../form/revalidateOnChange';
import { PREVIEW_FIXTURES } from './previewFixtures';
import { sampleRows } from './sampleRows';

/** The preview's default user: an administrator of department 100. */
export const DEFAULT_PREVIEW_USER: UserContext = { userId: 1, userName: 'admin', nickName: '管理员', deptId: 100, roleKeys: ['admin'], roleNames: ['超级管理员'], companyId: null };

/** Parses pasted text: the definition, or the JSON error as a problem. */
export function parseDefinition(text: string): { def: FormDefinition | null; problems: { path: string; message: string }[] } {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (err) {
    return { def: null, problems: [{ path: '', message: `JSON 格式错误：${(err as Error).message}` }] };
  }
  const problems = validateDefinition(json);
  return { def: json as FormDefinition, problems };
}

/** The controller. */
export function usePreview() {
  const [text, setText] = useState(() => JSON.stringify(PREVIEW_FIXTURES[0]?.def ?? {}, null, 2));
  const [fixture, setFixture] = useState(PREVIEW_FIXTURES[0]?.name ?? '');
  const [mode, setMode] = useState<FormMode>('add');
  const [ctx, setCtx] = useState<UserContext>(DEFAULT_PREVIEW_USER);
  const [visibleMap, setVisibleMap] = useState<Record<string, boolean>>({});
  const parsed = useMemo(() => parseDefinition(text), [text]);
  const def = parsed.def && Array.isArray(parsed.def.fields) ? parsed.def : null;
  // Only a valid definition is rendered: the adapter's projections assume one.
  const usable = !!def && parsed.problems.length === 0;
  const rawSchema = useMemo(() => (usable && def ? safely(() => toFormilySchema(def, { mode, visibleMap: mode === 'flow' ? visibleMap : undefined })) : null), [usable, def, mode, visibleMap]);
  const schema = useMemo(() => (usable && def ? safely(() => pageSchema(def, { mode, ctx, visibleMap: mode === 'flow' ? visibleMap : undefined })) : null), [usable, def, mode, ctx, visibleMap]);
  const rows = useMemo(() => (usable && def ? sampleRows(def) : []), [usable, def]);
  const form = useMemo(() => {
    if (!usable || !def) return null;
    // Edit and detail show the first sample row; add and flow start from the defaults.
    const values = () => (mode === 'edit' || mode === 'detail' ? { ...defaultValues(def, ctx), ...rowAsValues(def, rows[0]) } : defaultValues(def, ctx));
    return safely(() => createForm({ initialValues: values(), effects: revalidateOnChange }));
  }, [usable, def, mode, ctx, rows]);
  const columns = useMemo(() => (usable && def ? safely(() => toColumns(def)) ?? [] : []), [usable, def]);
  return {
    fixtures: PREVIEW_FIXTURES,
    fixture,
    chooseFixture: (name: string) => {
      const found = PREVIEW_FIXTURES.find((f) => f.name === name);
      if (!found) return;
      setFixture(name);
      setText(JSON.stringify(found.def, null, 2));
    },
    text,
    setText: (t: string) => { setFixture(''); setText(t); },
    problems: parsed.problems,
    def: usable ? def : null,
    mode,
    setMode,
    ctx,
    setCtx,
    visibleMap,
    setVisibleMap,
    rawSchema,
    schema,
    form,
    columns,
    rows,
  };
}

function safely<T>(fn: () => T): T | null {
  try {
    return fn();
  } catch (err) {
    console.warn('预览生成失败', err);
    return null;
  }
}

/** A sample row as form values (dateRange ends joined). */
function rowAsValues(def: FormDefinition, row: Record<string, unknown> | undefined): Record<string, unknown> {
  if (!row) return {};
  const out: Record<string, unknown> = { ...row };
  for (const f of def.fields) if (f.funcType === 'dateRange') out[f.enName] = [row[`${f.enName}$start`], row[`${f.enName}$end`]];
  return out;
}
