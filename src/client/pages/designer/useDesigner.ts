/**
 * The designer's controller (no antd): the draft with undo / redo, the selection, the live
 * problems of `validateDefinition` plus the server's, loading a form by id, and saving through
 * check → (confirm data changes) → create or edit. The page shows what it says.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useReducer, useRef, useState } from 'react';
import { validateDefinition, type DefinitionProblem } from '../../../../schema-adapters/definition/validateDefinition';
import type { FieldType } from '../../../../schema-adapters/definition/fieldTypes';
import type { DefinitionCheck } from '../../../shared/contract/formVersions';
import { checkDefinition, getFormById, readRefusal, saveDefinition } from '../../api/formDesign';
import { queryKeys } from '../../api/queryKeys';
import { addField, emptyDraft, fromDraft, moveField, removeField, toDraft, updateField, updateForm, type Draft, type DropTarget } from './draft';
import { historyReducer, initHistory, isDirty } from './history';

/** What a save ended with, for the page to show. */
export type SaveOutcome =
  | { kind: 'saved'; id: number; created: boolean; note?: string }
  | { kind: 'confirm'; check: DefinitionCheck }
  | { kind: 'problems'; count: number }
  | { kind: 'failed'; message: string };

/** Said when the server does not offer the check yet (issue 19 item 2 pending). */
export const CHECK_MISSING = '服务器暂未提供保存前检查（/flowable/form/check），已跳过数据影响检查直接保存';

/** The controller. */
export function useDesigner(formId: string | null) {
  const [history, dispatch] = useReducer(historyReducer, undefined, () => initHistory(emptyDraft()));
  const [selected, setSelected] = useState<string | null>(null);
  const [serverProblems, setServerProblems] = useState<DefinitionProblem[]>([]);
  const [loading, setLoading] = useState(!!formId);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const queryClient = useQueryClient();
  const draft = history.present;
  const loadedId = useRef<string | null>(null);
  loadedId.current = draft.id == null ? null : String(draft.id);

  useEffect(() => {
    // The id a save just gave the draft is not loaded again.
    if (!formId || formId === loadedId.current) return;
    let live = true;
    setLoading(true);
    getFormById(formId)
      .then((def) => { if (live) { dispatch({ type: 'load', draft: toDraft({ ...def, id: def.id ?? Number(formId) }) }); setLoadError(null); } })
      .catch((err: unknown) => { if (live) setLoadError(err instanceof Error ? err.message : String(err)); })
      .finally(() => { if (live) setLoading(false); });
    return () => { live = false; };
  }, [formId]);

  const definition = useMemo(() => fromDraft(draft), [draft]);
  const localProblems = useMemo(() => validateDefinition(definition), [definition]);
  const problems = useMemo(() => [...localProblems, ...serverProblems.filter((s) => !localProblems.some((l) => l.path === s.path))], [localProblems, serverProblems]);

  const change = useCallback((next: Draft, group?: string) => {
    setServerProblems([]);
    dispatch({ type: 'change', draft: next, group });
  }, []);

  const save = useCallback(async (confirmDataChanges: boolean): Promise<SaveOutcome> => {
    if (localProblems.length) return { kind: 'problems', count: localProblems.length };
    setSaving(true);
    let note: string | undefined;
    try {
      if (!confirmDataChanges) {
        try {
          const check = await checkDefinition(definition);
          if (check.problems.length) { setServerProblems(check.problems); return { kind: 'problems', count: check.problems.length }; }
          if (check.dataChanges.length) return { kind: 'confirm', check };
        } catch (err) {
          const refusal = readRefusal(err);
          if (refusal.kind !== 'missing') return { kind: 'failed', message: refusal.kind === 'problems' ? '定义有问题' : refusal.kind === 'other' ? refusal.message : '检查失败' };
          note = CHECK_MISSING;
        }
      }
      try {
        const id = await saveDefinition(definition, confirmDataChanges);
        const created = definition.id == null;
        const saved = created ? updateForm(draft, { id }) : draft;
        dispatch({ type: 'saved', draft: saved });
        void queryClient.invalidateQueries({ queryKey: queryKeys.forms.all });
        return { kind: 'saved', id, created, note };
      } catch (err) {
        const refusal = readRefusal(err);
        if (refusal.kind === 'problems') { setServerProblems(refusal.problems); return { kind: 'problems', count: refusal.problems.length }; }
        if (refusal.kind === 'dataChanges') return { kind: 'confirm', check: refusal.check };
        return { kind: 'failed', message: refusal.message };
      }
    } finally {
      setSaving(false);
    }
  }, [definition, draft, localProblems, queryClient]);

  return {
    draft,
    definition,
    loading,
    loadError,
    saving,
    dirty: isDirty(history),
    canUndo: history.past.length > 0,
    canRedo: history.future.length > 0,
    undo: () => dispatch({ type: 'undo' }),
    redo: () => dispatch({ type: 'redo' }),
    /** Replaces the draft with a definition (a restored version), keeping its id. */
    reload: (def: typeof definition) => dispatch({ type: 'load', draft: toDraft(def) }),
    selected,
    select: setSelected,
    problems,
    add: (funcType: FieldType, target: DropTarget) => {
      const r = addField(draft, funcType, target);
      if (r.key) { change(r.draft); setSelected(r.key); }
      return r.key;
    },
    move: (key: string, target: DropTarget) => change(moveField(draft, key, target)),
    remove: (key: string) => { change(removeField(draft, key)); if (selected === key) setSelected(null); },
    setField: (key: string, patch: Record<string, unknown>, group?: string) => change(updateField(draft, key, patch), group),
    setForm: (patch: Record<string, unknown>, group?: string) => change(updateForm(draft, patch), group),
    save,
  };
}

/** The designer controller's type. */
export type Designer = ReturnType<typeof useDesigner>;
