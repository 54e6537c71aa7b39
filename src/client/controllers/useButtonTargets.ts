/**
 * What the 按钮 editor offers by name instead of typed keys (issue 27 item 7): the tenant's forms
 * for a 新增记录 step, the chosen form's fields for its values, and the form's own print
 * templates for a 打印 step. Shares the cached form list, definitions and template lists.
 */
import { useQuery } from '@tanstack/react-query';
import { listForms } from '../api/forms';
import { listPrintTemplates } from '../api/print';
import { queryKeys } from '../api/queryKeys';
import { useFormDefinition } from './useFormDefinition';

/** A choice of a select: the stored key and the name shown. */
export interface NamedChoice {
  value: string;
  label: string;
}

/** The forms and templates of the editor; `targetForm` is a 新增记录 step's form (its fields load on demand). */
export function useButtonTargets(formName: string, targetForm: string | undefined) {
  const forms = useQuery({ queryKey: queryKeys.forms.list(), queryFn: listForms, staleTime: 30_000 });
  const templates = useQuery({ queryKey: queryKeys.print.templates(formName), queryFn: () => listPrintTemplates(formName), enabled: !!formName, staleTime: 30_000 });
  const target = useFormDefinition(targetForm || undefined);
  return {
    forms: (forms.data ?? []).map((f): NamedChoice => ({ value: f.enName, label: f.cnName || f.enName })),
    templates: (templates.data ?? []).map((t): NamedChoice => ({ value: t.name, label: t.name })),
    targetFields: target.definition?.fields,
  };
}
