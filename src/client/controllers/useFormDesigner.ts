/**
 * The form designer's data (issue 19), no antd: reading a definition by id, and saving through
 * check → (confirm data changes) → create or edit, with the server's refusals read into outcomes.
 * pages/designer/useDesigner.ts keeps the draft, history and selection and calls these.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { DefinitionProblem } from '../../../schema-adapters/definition/validateDefinition';
import type { FormDefinition } from '../../../schema-adapters/definition/types';
import type { DefinitionCheck } from '../../shared/contract/formVersions';
import { checkDefinition, getFormById, readRefusal, saveDefinition } from '../api/formDesign';
import { queryKeys } from '../api/queryKeys';

/** Said when the server does not offer the check yet (issue 19 item 2 pending). */
export const CHECK_MISSING = '服务器暂未提供保存前检查（/flowable/form/check），已跳过数据影响检查直接保存';

/** What a save call ended with. */
export type SaveCallOutcome =
  | { kind: 'saved'; id: number; created: boolean; note?: string }
  | { kind: 'confirm'; check: DefinitionCheck }
  | { kind: 'problems'; problems: DefinitionProblem[] }
  | { kind: 'failed'; message: string };

/** Check (unless confirmed) and save a definition; invalidates the form lists once saved. */
async function saveThroughCheck(definition: FormDefinition, confirmDataChanges: boolean, onSaved: () => void): Promise<SaveCallOutcome> {
  let note: string | undefined;
  if (!confirmDataChanges) {
    try {
      const check = await checkDefinition(definition);
      if (check.problems.length) return { kind: 'problems', problems: check.problems };
      if (check.dataChanges.length) return { kind: 'confirm', check };
    } catch (err) {
      const refusal = readRefusal(err);
      if (refusal.kind !== 'missing') return { kind: 'failed', message: refusal.kind === 'problems' ? '定义有问题' : refusal.kind === 'other' ? refusal.message : '检查失败' };
      note = CHECK_MISSING;
    }
  }
  try {
    const id = await saveDefinition(definition, confirmDataChanges);
    onSaved();
    return { kind: 'saved', id, created: definition.id == null, note };
  } catch (err) {
    const refusal = readRefusal(err);
    if (refusal.kind === 'problems') return { kind: 'problems', problems: refusal.problems };
    if (refusal.kind === 'dataChanges') return { kind: 'confirm', check: refusal.check };
    return { kind: 'failed', message: refusal.message };
  }
}

/** The designer's calls. */
export function useFormDesigner() {
  const queryClient = useQueryClient();
  return useMemo(() => ({
    /** `GET /api/flowable/form/{id}`, the id filled in when the answer lacks it. */
    load: async (formId: string): Promise<FormDefinition> => {
      const def = await getFormById(formId);
      return { ...def, id: def.id ?? Number(formId) };
    },
    save: (definition: FormDefinition, confirmDataChanges: boolean) =>
      saveThroughCheck(definition, confirmDataChanges, () => void queryClient.invalidateQueries({ queryKey: queryKeys.forms.all })),
  }), [queryClient]);
}
