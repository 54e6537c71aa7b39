/** The delete confirmation of the administration screens. */
import type { useAppProps } from '../../../feedback/useFeedback';

/** Ask '是否确认删除{what}为"{ids}"的数据项？', run `remove`, then say '删除成功'. */
export function confirmDelete(app: useAppProps, what: string, ids: (string | number)[], remove: () => Promise<unknown>): void {
  app.modal.confirm({
    title: '系统提示',
    content: `是否确认删除${what}为"${ids.join(',')}"的数据项？`,
    okText: '确定',
    cancelText: '取消',
    onOk: async () => {
      await remove();
      void app.message.success('删除成功');
    },
  });
}
