/** The tab-title rules of spec 02 §2.4 for form pages and reports. Pure. */

/** What a form page knows about itself when titling its tab. */
export interface FormPageContext {
  cnName: string;
  /** 'add' for a new record, 'edit' for an existing one. */
  mode: 'add' | 'edit';
  /** Route param detail === 'detail'. */
  detail?: boolean;
  /** The form runs an approval flow. */
  hasFlow?: boolean;
  taskId?: string | null;
  processInstanceId?: string | null;
}

/** Verb + the form's Chinese name: 新增 / 发起 / 查看 / 编辑 / 审批. */
export function formTabTitle(ctx: FormPageContext): string {
  const { cnName, taskId, processInstanceId } = ctx;
  if (ctx.hasFlow && ctx.mode === 'add') {
    if (taskId) return `审批${cnName}`;
    if (processInstanceId) return `查看${cnName}`;
    return `发起${cnName}`;
  }
  const flowView = !!processInstanceId && !taskId;
  if (ctx.detail || flowView) return `查看${cnName}`;
  if (ctx.mode === 'add' && taskId) return `审批${cnName}`;
  return ctx.mode === 'add' ? `新增${cnName}` : `编辑${cnName}`;
}

/**
 * Titles of special pages: `/view-report`, the manual-order form and a form's 打印模版 (reached
 * from 表单配置, whose route title it would otherwise borrow: a second 表单配置 tab); undefined for others.
 */
export function specialTabTitle(path: string, menuTitle: string, params: { id?: string; detail?: string } = {}): string | undefined {
  if (path.includes('/view-report')) return `查看${menuTitle}报表`;
  if (path.startsWith('/system/form/print/')) return '打印模版';
  if (path.startsWith('/order-manage/form')) {
    if (params.detail === 'detail') return '查看订单';
    return params.id ? '编辑订单' : '手工订单';
  }
  return undefined;
}
