/**
 * Controller of the task page: the task (with its record and the node's field map), the form's
 * definition, a Formily form in flow mode where only the node's editable fields can change, and
 * the actions. No antd.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { createForm, type Form } from '@formily/core';
import { useMemo } from 'react';
import { flowActions, getFlowInstance, getFlowTask, type FlowAttachment } from '../../api/flows';
import { getFormByEnName } from '../../api/forms';
import { queryKeys } from '../../api/queryKeys';
import { toFormValues } from '../../../../schema-adapters/records/toFormValues';
import { pageSchema } from '../../form/formSchema';
import { userContextOf } from '../../form/userContext';
import { sessionStore } from '../../session/sessionStore';

type Said = { comment: string; attachments: FlowAttachment[] };
export type FlowAction =
  | ({ kind: 'approve' } & Said)
  | ({ kind: 'reject'; targetNodeId?: string } & Said)
  | ({ kind: 'transfer'; userId: number } & Said)
  | ({ kind: 'addSign'; userIds: number[]; position: 'before' | 'after' } & Said);

/** The task page's data and callbacks. */
export function useFlowTask(taskId: number) {
  const qc = useQueryClient();
  const session = sessionStore.use((s) => s);
  const ctx = useMemo(() => userContextOf(session), [session]);
  const taskQ = useQuery({ queryKey: queryKeys.flows.task(taskId), queryFn: () => getFlowTask(taskId).then((r) => r.data) });
  const task = taskQ.data;
  const defQ = useQuery({ queryKey: queryKeys.forms.byEnName(task?.formName ?? ''), queryFn: () => getFormByEnName(task!.formName), enabled: !!task });
  const instQ = useQuery({ queryKey: queryKeys.flows.instance(task?.instanceId ?? 0), queryFn: () => getFlowInstance(task!.instanceId).then((r) => r.data), enabled: !!task });
  const def = defQ.data?.data;
  const view = useMemo(() => {
    if (!task || !def) return null;
    const form: Form = createForm({ initialValues: toFormValues(def, task.record), pattern: 'readPretty' });
    const schema = pageSchema(def, { mode: 'flow', ctx, visibleMap: task.visibleMap });
    return { form, schema };
  }, [task, def, ctx]);
  // After the fields mounted: the node's editable fields take input (the form stays read-pretty).
  const unlockEditable = () => {
    if (!view || !task?.canAct) return;
    for (const name of task.editable) view.form.setFieldState(name, (s) => { s.pattern = 'editable'; });
  };
  const act = useMutation({
    mutationFn: async (a: FlowAction) => {
      if (a.kind === 'approve') {
        const values = view?.form.values ?? {};
        const data = Object.fromEntries((task?.editable ?? []).filter((k) => k in values).map((k) => [k, values[k]]));
        return flowActions.approve(taskId, a.comment, a.attachments, Object.keys(data).length ? data : undefined);
      }
      if (a.kind === 'reject') return flowActions.reject(taskId, a.comment, a.attachments, a.targetNodeId);
      if (a.kind === 'transfer') return flowActions.transfer(taskId, a.comment, a.attachments, a.userId);
      return flowActions.addSign(taskId, a.comment, a.attachments, a.userIds, a.position);
    },
    onSuccess: () => qc.invalidateQueries({ queryKey: queryKeys.flows.all }),
  });
  return {
    ctx,
    task,
    def,
    instance: instQ.data,
    view,
    unlockEditable,
    loading: taskQ.isLoading || defQ.isLoading,
    error: taskQ.error,
    act: act.mutateAsync,
    acting: act.isPending,
  };
}
