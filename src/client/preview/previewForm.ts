/**
 * The live form shared by /preview and the designer's LivePreview (no antd): the mode, user
 * context and flow visibility chosen, and the Formily schema and form of a definition under them
 * (edit and detail start from the first sample row, add and flow from the defaults).
 */
import { createForm } from '@formily/core';
import { useMemo, useRef, useState } from 'react';
import type { FormDefinition, UserContext } from '../../../schema-adapters/definition/types';
import { defaultValues } from '../../../schema-adapters/records/defaultValues';
import { pageSchema, type FormMode } from '../form/formSchema';
import { revalidateOnChange } from '../form/revalidateOnChange';
import { sampleRows } from './sampleRows';

/** The preview's default user: an administrator of department 100. */
export const DEFAULT_PREVIEW_USER: UserContext = { userId: 1, userName: 'admin', nickName: '管理员', deptId: 100, roleKeys: ['admin'], roleNames: ['超级管理员'], companyId: null };

/** Runs a projection; a throw is logged and gives null (a preview must not take the page down). */
export function safely<T>(fn: () => T): T | null {
  try {
    return fn();
  } catch (err) {
    console.warn('预览生成失败', err);
    return null;
  }
}

/** A sample row as form values (dateRange ends joined). */
export function rowAsValues(def: FormDefinition, row: Record<string, unknown> | undefined): Record<string, unknown> {
  if (!row) return {};
  const out: Record<string, unknown> = { ...row };
  for (const f of def.fields) if (f.funcType === 'dateRange') out[f.enName] = [row[`${f.enName}$start`], row[`${f.enName}$end`]];
  return out;
}

/** The choices above the live form. */
export function usePreviewModes() {
  const [mode, setMode] = useState<FormMode>('add');
  const [ctx, setCtx] = useState<UserContext>(DEFAULT_PREVIEW_USER);
  const [visibleMap, setVisibleMap] = useState<Record<string, boolean>>({});
  return { mode, setMode, ctx, setCtx, visibleMap, setVisibleMap };
}

/** The choices' type. */
export type PreviewModes = ReturnType<typeof usePreviewModes>;

/** The schema and form of `def` under the modes, or null when a projection fails. */
function buildPreview(def: FormDefinition, { mode, ctx, visibleMap }: Pick<PreviewModes, 'mode' | 'ctx' | 'visibleMap'>, key: number) {
  const schema = safely(() => pageSchema(def, { mode, ctx, visibleMap: mode === 'flow' ? visibleMap : undefined }));
  const row = mode === 'edit' || mode === 'detail' ? sampleRows(def)[0] : undefined;
  const values = { ...defaultValues(def, ctx), ...rowAsValues(def, row) };
  const form = safely(() => createForm({ initialValues: values, effects: revalidateOnChange }));
  return schema && form ? { schema, form, key } : null;
}

/** What the live form renders: a schema, a form, and a key that changes with each new form. */
export type BuiltPreview = NonNullable<ReturnType<typeof buildPreview>>;

/** The schema and form of `def` (null: nothing to render) under the chosen modes. */
export function usePreviewForm(def: FormDefinition | null, { mode, ctx, visibleMap }: Pick<PreviewModes, 'mode' | 'ctx' | 'visibleMap'>): BuiltPreview | null {
  const revision = useRef(0);
  return useMemo(() => (def ? buildPreview(def, { mode, ctx, visibleMap }, ++revision.current) : null), [def, mode, ctx, visibleMap]);
}
