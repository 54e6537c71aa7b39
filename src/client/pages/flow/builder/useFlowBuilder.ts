/**
 * Controller of the approval builder (issue 30 item 1): every form, the chosen form's fields and
 * newest flow opened as a builder model (or the reason it cannot be), and save = make the form a
 * flow form if it is not one yet, compile, deploy a new version. No antd.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { compileFlow, modelProblems, parseFlow, type FlowModel, type ParsedFlow } from '../../../../shared/flows';
import { deployFlowDefinition, latestFlowDefinition } from '../../../api/flows';
import { getFormByEnName, listForms } from '../../../api/forms';
import { saveDefinition } from '../../../api/formDesign';
import { queryKeys } from '../../../api/queryKeys';

const emptyModel = (formName: string, cnName: string): FlowModel => ({
  processId: `Process_${formName}`,
  name: `${cnName}审批`,
  nodes: [{ type: 'approver', id: 'Node_first', name: '审批人', assignee: { kind: 'starterLeader' }, mode: 'any' }],
});

/** The builder's data and callbacks. */
export function useFlowBuilder(initialForm: string) {
  const qc = useQueryClient();
  const [formName, setFormName] = useState(initialForm);
  const [model, setModel] = useState<FlowModel | null>(null);
  const [cannotShow, setCannotShow] = useState<string | null>(null);
  const forms = useQuery({ queryKey: ['flows', 'builder', 'forms'], queryFn: listForms });
  const def = useQuery({ queryKey: queryKeys.forms.byEnName(formName), queryFn: () => getFormByEnName(formName), enabled: !!formName });
  const latest = useQuery({ queryKey: ['flows', 'designer', 'latest', formName], queryFn: () => latestFlowDefinition(formName).then((r) => r.data), enabled: !!formName });
  const parsed = useQuery({
    queryKey: ['flows', 'builder', 'parsed', formName, latest.data?.id ?? 0],
    queryFn: (): Promise<ParsedFlow | null> => (latest.data ? parseFlow(latest.data.bpmnXml, latest.data.nodeFields) : Promise.resolve(null)),
    enabled: !!formName && latest.isSuccess,
  });
  const definition = def.data?.data;

  useEffect(() => {
    if (!parsed.isSuccess || !definition) return;
    const p = parsed.data;
    setCannotShow(p && !p.ok ? p.reason : null);
    setModel(p ? (p.ok ? p.model : null) : emptyModel(formName, definition.cnName ?? formName));
  }, [parsed.isSuccess, parsed.data, definition, formName]);

  const fields = (definition?.fields ?? []).filter((f) => !['groupTitle', 'divider', 'subform'].includes(f.funcType)).map((f) => ({ value: f.enName, label: f.label, funcType: f.funcType }));
  const fieldSet = new Set(fields.map((f) => f.value));
  const problems = model ? modelProblems(model, fieldSet) : [];

  const save = useMutation({
    mutationFn: async (m: FlowModel) => {
      if (definition && !definition.hasFlow) await saveDefinition({ ...definition, hasFlow: true }, false);
      const { xml, nodeFields } = compileFlow(m);
      return (await deployFlowDefinition({ formName, name: m.name.trim() || undefined, xml, nodeFields })).data;
    },
    onSuccess: () => Promise.all([
      qc.invalidateQueries({ queryKey: ['flows', 'designer', 'latest', formName] }),
      qc.invalidateQueries({ queryKey: queryKeys.forms.byEnName(formName) }),
      qc.invalidateQueries({ queryKey: ['flows', 'builder', 'forms'] }),
    ]),
  });

  return {
    forms: forms.data ?? [],
    formName,
    setFormName: (f: string) => { setModel(null); setCannotShow(null); setFormName(f); },
    isFlowForm: definition?.hasFlow === true,
    fields,
    version: latest.data?.version ?? null,
    loading: !!formName && (!parsed.isSuccess || !definition),
    model,
    setModel,
    cannotShow,
    problems,
    save: save.mutateAsync,
    saving: save.isPending,
  };
}
