/** Controller of the flow designer: flow forms, the chosen form's definition and newest flow, deploy. No antd. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { deployFlowDefinition, latestFlowDefinition, type NodeFields } from '../../../api/flows';
import { getFormByEnName, listForms } from '../../../api/forms';
import { queryKeys } from '../../../api/queryKeys';

/** The designer's data and callbacks. */
export function useFlowDesigner(initialForm = '') {
  const qc = useQueryClient();
  const [formName, setFormName] = useState(initialForm);
  const forms = useQuery({ queryKey: ['flows', 'designer', 'forms'], queryFn: listForms });
  const def = useQuery({ queryKey: queryKeys.forms.byEnName(formName), queryFn: () => getFormByEnName(formName), enabled: !!formName });
  const latest = useQuery({ queryKey: ['flows', 'designer', 'latest', formName], queryFn: () => latestFlowDefinition(formName).then((r) => r.data), enabled: !!formName });
  const deploy = useMutation({
    mutationFn: (b: { xml: string; nodeFields: NodeFields }) => deployFlowDefinition({ formName, ...b }).then((r) => r.data),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['flows', 'designer', 'latest', formName] }),
  });
  return {
    flowForms: (forms.data ?? []).filter((f) => f.hasFlow),
    formName,
    setFormName,
    fields: (def.data?.data.fields ?? []).filter((f) => !['groupTitle', 'divider'].includes(f.funcType)).map((f) => ({ value: f.enName, label: f.label })),
    latest: latest.data,
    ready: !!formName && latest.isSuccess && def.isSuccess,
    deploy: deploy.mutateAsync,
    deploying: deploy.isPending,
  };
}
