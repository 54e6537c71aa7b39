/**
 * The stock-in drawer's controller (no antd): on open a fresh uuid and a fresh form (defaults of
 * the definition, jb as radio buttons); czfs sets sl to 1; zl follows ksbl × zl_before; a save adds
 * one record, or two for the split, then re-initialises keeping czfs, ksbl, ck and pz. A failed
 * save fetches a fresh uuid and says nothing more (spec 01 §8).
 */
import { createForm, onFieldValueChange, type Form } from '@formily/core';
import type { ISchema } from '@formily/json-schema';
import { useCallback, useMemo, useState } from 'react';
import { defaultValues } from '../../../../schema-adapters/records/defaultValues';
import { toSubmitPayload } from '../../../../schema-adapters/records/toSubmitPayload';
import type { FormDefinition, UserContext } from '../../../../schema-adapters/definition/types';
import { useFormDefinition } from '../../controllers/useFormDefinition';
import { addRecord, fetchUuid, listRecords } from '../../api/records';
import { pageSchema } from '../formSchema';
import { revalidateOnChange } from '../revalidateOnChange';
import { computeZl, keptValues, nextDayNumber, stockInRecords } from './stockIn';

/** How many records of the day exist (the day number of the next one is this + 1). */
async function dayNumber(form: string, day: unknown): Promise<string> {
  if (typeof day !== 'string' || !day) return '1';
  const res = await listRecords(form, { pageNum: 1, pageSize: 1, 'sxrq$start': day, 'sxrq$end': day }, { silent: false });
  return nextDayNumber(String(res.total ?? 0));
}

function stockInForm(def: FormDefinition, ctx: UserContext, kept: Record<string, unknown>): Form {
  return createForm({
    initialValues: { ...defaultValues(def, ctx), ...kept },
    effects() {
      revalidateOnChange();
      onFieldValueChange('czfs', (field) => { if (field.modified) field.form.setValuesIn('sl', 1); });
      const recompute = (form: Form) => form.setValuesIn('zl', computeZl(form.values.ksbl, form.values.zl_before));
      onFieldValueChange('ksbl', (field) => recompute(field.form));
      onFieldValueChange('zl_before', (field) => recompute(field.form));
      onFieldValueChange('sxrq', (field) => {
        if (!field.modified) return;
        void dayNumber(def.enName, field.value).then((n) => field.form.setValuesIn('rbm', n), () => undefined);
      });
    },
  });
}

/** jb shows as a radio-button group in the drawer. */
function drawerSchema(def: FormDefinition, ctx: UserContext): ISchema {
  const schema = pageSchema(def, { mode: 'add', ctx });
  const jb = (schema.properties as Record<string, ISchema>).__grid.properties as Record<string, ISchema>;
  if (jb.jb) jb.jb = { ...jb.jb, 'x-component-props': { ...(jb.jb['x-component-props'] as object), optionType: 'button', buttonStyle: 'solid' } };
  return schema;
}

/** The controller. */
export function useStockIn(enName: string, ctx: UserContext) {
  const def = useFormDefinition(enName).definition;
  const [form, setForm] = useState<Form | null>(null);
  const [uuid, setUuid] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const schema = useMemo(() => (def ? drawerSchema(def, ctx) : null), [def, ctx]);

  /** Opens (or resets) the drawer: a fresh uuid and form, keeping `kept`. */
  const init = useCallback(async (kept: Record<string, unknown> = {}) => {
    if (!def) return;
    const next = stockInForm(def, ctx, kept);
    setForm(next);
    setUuid(await fetchUuid());
    // rbm is read-only: the drawer shows the day number the save will use.
    next.setValuesIn('rbm', await dayNumber(enName, next.values.sxrq).catch(() => undefined));
  }, [def, ctx, enName]);

  /** Saves; resolves true on success. */
  const save = async (): Promise<boolean> => {
    if (!def || !form) return false;
    await form.validate();
    setSaving(true);
    try {
      const payload = toSubmitPayload(def, form.values, ctx);
      // Counted again at save time: another entry of the day may have been saved meanwhile.
      payload.rbm = await dayNumber(enName, payload.sxrq);
      const records = stockInRecords(payload);
      for (const [i, data] of records.entries()) await addRecord(enName, data, i === 0 ? (uuid ?? (await fetchUuid())) : await fetchUuid());
      await init(keptValues(form.values));
      return true;
    } catch {
      setUuid(await fetchUuid().catch(() => null));
      return false;
    } finally {
      setSaving(false);
    }
  };

  return { def, form, schema, saving, init, save, ready: !!def };
}
