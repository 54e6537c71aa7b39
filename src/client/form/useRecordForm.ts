/**
 * The controller of the add / edit / detail pages (no antd): loads the definition and the record
 * (or the copy source), keeps the load state of spec 01 §4, builds the Formily form with the
 * defaults of spec 01 §3.4, and saves / stashes / pushes with the uuid fetched before an add and
 * the version read for an edit (a stale version is the server's 409; the typed values stay).
 */
import { createForm, type Form } from '@formily/core';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useRef, useState } from 'react';
import { defaultValues } from '../../../schema-adapters/records/defaultValues';
import { sqlDefaultFields } from '../../../schema-adapters/records/sqlDefaults';
import { toFormValues } from '../../../schema-adapters/records/toFormValues';
import { toSubmitPayload } from '../../../schema-adapters/records/toSubmitPayload';
import { editPayload } from './editPayload';
import type { FormDefinition, UserContext } from '../../../schema-adapters/definition/types';
import { getConfigKeys } from '../api/configs';
import { useFormDefinition } from '../controllers/useFormDefinition';
import { queryKeys } from '../api/queryKeys';
import { addRecord, askSqlHide, editRecord, initBySql, fetchUuid, getRecord, getRecordCopy, pushRecord, stashRecord, type RecordRow } from '../api/records';
import { sessionStore } from '../session/sessionStore';
import { IN_APPROVAL_EDIT_MESSAGE, isInApproval, isReadOnlyView, isVoided, VIEW_READ_ONLY_MESSAGE, VOIDED_EDIT_MESSAGE } from '../../shared/readOnlyRecords';
import { debounceAsk, pageSchema, type FormMode } from './formSchema';
import { revalidateOnChange } from './revalidateOnChange';
import { useSchemaComponents } from '../fields/registry';

/** System setting that enables drafts (spec 01 §4). */
export const STASH_CONFIG_KEY = 'sys.form.stash.enabled';

/** What the page asks the controller for. */
export interface RecordFormArgs {
  enName: string;
  mode: Exclude<FormMode, 'flow'>;
  id?: string;
  copyId?: string;
  ctx: UserContext;
}

/** The outcome of a save. */
export interface SaveResult {
  id: number;
  created: boolean;
}

/** Initial values of the form: defaults for a new record (with copied data over them), else the record. */
export function initialValues(def: FormDefinition, ctx: UserContext, record: RecordRow | undefined, copy: Record<string, unknown> | undefined): Record<string, unknown> {
  if (record) return toFormValues(def, record);
  const defaults = defaultValues(def, ctx);
  return copy ? { ...defaults, ...toFormValues(def, copy) } : defaults;
}

/** The form page controller. */
export function useRecordForm({ enName, mode, id, copyId, ctx }: RecordFormArgs) {
  const defQ = useFormDefinition(enName);
  // Read once per page: a refetch (window focus, reconnect) must never replace what is being typed.
  const once = { gcTime: 0, staleTime: Infinity, retry: false, refetchOnWindowFocus: false, refetchOnReconnect: false } as const;
  const recordQ = useQuery({ queryKey: queryKeys.recordForm.record(enName, id ?? ''), queryFn: () => getRecord(enName, id as string), enabled: !!id, ...once });
  const copyQ = useQuery({ queryKey: queryKeys.recordForm.copy(enName, copyId ?? ''), queryFn: () => getRecordCopy(enName, copyId as string), enabled: !!copyId, ...once });
  const tenantCode = sessionStore.get().user?.tenantCode ?? 'DEFAULT';
  const configQ = useQuery({ queryKey: ['recordForm', 'config', tenantCode, STASH_CONFIG_KEY], queryFn: () => getConfigKeys([STASH_CONFIG_KEY], tenantCode), staleTime: 60_000 });
  const def = defQ.definition;
  // Spec 01 §4: 0 (not loaded) until the record of an edit / detail / copy page has arrived.
  const loadState: 0 | 1 = (!id || recordQ.isSuccess) && (!copyId || copyQ.isSuccess) ? 1 : 0;
  const versionRef = useRef<number | undefined>(undefined);
  const uuidRef = useRef<string | null>(null);
  const [saving, setSaving] = useState(false);

  // The form is built once, when the definition and the record are there, and kept for the page's life.
  const formRef = useRef<Form | null>(null);
  if (!formRef.current && def && loadState === 1) {
    versionRef.current = recordQ.data?.version as number | undefined;
    const created = createForm({ initialValues: initialValues(def, ctx, recordQ.data, copyQ.data), effects: revalidateOnChange });
    formRef.current = created;
    // SQL defaults of a new record come from the server; a value typed meanwhile (or copied) wins.
    const sqlFields = mode === 'add' ? sqlDefaultFields(def) : [];
    if (sqlFields.length) {
      void initBySql(enName, { ...created.values }).then((values) => {
        for (const f of sqlFields) {
          const current = created.getValuesIn(f.enName);
          if ((current === undefined || current === null || current === '') && values[f.enName] != null) created.setValuesIn(f.enName, values[f.enName]);
        }
      }, () => undefined);
    }
  }
  const form = formRef.current;
  // A view's data, a voided record and a flow form's record in approval are read-only whatever the
  // route asked (the server refuses the save too; the approval edits through its task page).
  const readOnlyReason = isReadOnlyView(def) ? VIEW_READ_ONLY_MESSAGE
    : isVoided(recordQ.data) ? VOIDED_EDIT_MESSAGE
    : isInApproval(def, recordQ.data) ? IN_APPROVAL_EDIT_MESSAGE : null;
  const shownMode: typeof mode = readOnlyReason ? 'detail' : mode;

  const fullSchema = useMemo(() => (def ? pageSchema(def, { mode: shownMode, ctx, askSqlHide: debounceAsk((field, data) => askSqlHide(enName, field, data)) }) : null), [def, shownMode, ctx, enName]);
  // The schema is handed out once the field components it names have loaded: the page keeps its
  // loading state until then, so fields and actions appear together.
  const componentsReady = useSchemaComponents(fullSchema);
  const schema = componentsReady ? fullSchema : null;

  const payload = (): Record<string, unknown> => (mode === 'edit'
    ? editPayload(def as FormDefinition, form?.values ?? {}, ctx, recordQ.data as Record<string, unknown> | undefined)
    : toSubmitPayload(def as FormDefinition, form?.values ?? {}, ctx));

  /** Adds or edits; `kind` stash saves a draft without the rules, push submits a draft. */
  const save = async (kind: 'save' | 'stash' | 'push' = 'save'): Promise<SaveResult> => {
    if (!form || !def) throw new Error('表单尚未加载');
    if (kind !== 'stash') await form.validate();
    setSaving(true);
    try {
      const data = payload();
      if (mode === 'add') {
        // Fetched before saving and kept until the add succeeds, so a retried add creates one record.
        uuidRef.current = uuidRef.current ?? (await fetchUuid());
        const uuid = uuidRef.current;
        const newId = kind === 'save' ? await addRecord(enName, data, uuid) : (await (kind === 'stash' ? stashRecord : pushRecord)(enName, 'add', { data, uuid })).id;
        uuidRef.current = null;
        return { id: newId, created: true };
      }
      const version = versionRef.current ?? 0;
      const res = kind === 'save' ? await editRecord(enName, id as string, data, version) : await (kind === 'stash' ? stashRecord : pushRecord)(enName, id as string, { data, version });
      if (res.version !== undefined) versionRef.current = res.version;
      return { id: Number(id), created: false };
    } finally {
      setSaving(false);
    }
  };

  return {
    def,
    form,
    schema,
    loadState,
    record: recordQ.data,
    /** Why the page is read-only although the route asked to edit (null: it is not). */
    readOnlyReason,
    error: defQ.error ?? recordQ.error ?? copyQ.error,
    stashEnabled: configQ.data?.data?.[STASH_CONFIG_KEY] === 'true',
    saving,
    save,
  };
}
