/**
 * The designer's controller (no antd): the draft with undo / redo, the selection, the live
 * problems of `validateDefinition` plus the server's, loading a form by id, and saving through
 * check → (confirm data changes) → create or edit (the calls: controllers/useFormDesigner.ts). The page shows what it says.
 */
import { useCallback, useEffect, useMemo, useReducer, useRef, useState } from 'react';
import { validateDefinition, type DefinitionProblem } from '../../../../schema-adapters/definition/validateDefinition';
import type { FieldType } from '../../../../schema-adapters/definition/fieldTypes';
import type { DefinitionCheck } from '../../../shared/contract/formVersions';
import { useFormDesigner } from '../../controllers/useFormDesigner';
import { addField, emptyDraft, fromDraft, moveField, removeField, toDraft, updateField, updateForm, type Draft, type DropTarget } from './draft';
import { historyReducer, initHistory, isDirty } from './history';

/** What a save ended with, for the page to show. */
export type SaveOutcome =
  | { kind: 'saved'; id: number; created: boolean; note?: string }
  | { kind: 'confirm'; check: DefinitionCheck }
  | { kind: 'problems'; count: number }
  | { kind: 'failed'; message: string };

/** The controller. */
export function useDesigner(formId: string | null) {
  const [history, dispatch] = useReducer(historyReducer, undefined, () => initHistory(emptyDraft()));
  const [selected, setSelected] = useState<string | null>(null);
  const [serverProblems, setServerProblems] = useState<DefinitionProblem[]>([]);
  const [loading, setLoading] = useState(!!formId);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const calls = useFormDesigner();
  const draft = history.present;
  const loadedId = useRef<string | null>(null);
  loadedId.current = draft.id == null ? null : String(draft.id);

  useEffect(() => {
    // The id a save just gave the draft is not loaded again.
    if (!formId || formId === loadedId.current) return;
    let live = true;
    setLoading(true);
    calls.load(formId)
      .then((def) => { if (live) { dispatch({ type: 'load', draft: toDraft(def) }); setLoadError(null); } })
      .catch((err: unknown) => { if (live) setLoadError(err instanceof Error ? err.message : String(err)); })
      .finally(() => { if (live) setLoading(false); });
    return () => { live = false; };
  }, [formId, calls]);

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
    try {
      const outcome = await calls.save(definition, confirmDataChanges);
      if (outcome.kind === 'problems') { setServerProblems(outcome.problems); return { kind: 'problems', count: outcome.problems.length }; }
      if (outcome.kind === 'saved') dispatch({ type: 'saved', draft: outcome.created ? updateForm(draft, { id: outcome.id }) : draft });
      return outcome;
    } finally {
      setSaving(false);
    }
  }, [definition, draft, localProblems, calls]);

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
