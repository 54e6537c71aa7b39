/** Seed step: the 流程审批 menu group (我的待办, 我的已办, 我发起的, 抄送我的: no permission needed; 审批流程搭建, 流程设计) for every tenant. */
import type { SeedStep } from '../../services/seed/types.js';

/** The four list pages (the client's viewRegistry maps the components; the sidebar badges 我的待办). */
export const FLOW_MENUS: { menuName: string; routeName: string; path: string; component: string; perms?: string }[] = [
  { menuName: '我的待办', routeName: 'FlowTodo', path: '/flow/todo', component: 'flow/todo/index' },
  { menuName: '我的已办', routeName: 'FlowDone', path: '/flow/done', component: 'flow/done/index' },
  { menuName: '我发起的', routeName: 'FlowStarted', path: '/flow/started', component: 'flow/started/index' },
  { menuName: '抄送我的', routeName: 'FlowCc', path: '/flow/cc', component: 'flow/cc/index' },
  // Administrators only: the approval builder (issue 30, ADR 1047) and the bpmn-js modeler, both deploying flow versions.
  { menuName: '审批流程搭建', routeName: 'FlowBuilder', path: '/flow/builder', component: 'flow/builder/index', perms: 'flowable:definition:deploy' },
  { menuName: '流程设计', routeName: 'FlowDesigner', path: '/flow/designer', component: 'flow/designer/index', perms: 'flowable:definition:deploy' },
];

export const seedFlowMenus: SeedStep = {
  name: 'flow-menus',
  async run(ctx) {
    for (const t of ctx.tenants) {
      const last = await ctx.db.selectFrom('menus').select((eb) => eb.fn.max('order_num').as('n')).where('tenant_id', '=', t.id).where('parent_id', '=', 0).executeTakeFirst();
      const group = await ctx.db
        .insertInto('menus')
        .values({ tenant_id: t.id, parent_id: 0, menu_name: '流程审批', route_name: 'Flow', path: '/flow', component: '', menu_type: 'M', perms: '', icon: 'audit', order_num: Number(last?.n ?? 0) + 1 })
        .returning('id')
        .executeTakeFirstOrThrow();
      await ctx.db
        .insertInto('menus')
        .values(FLOW_MENUS.map((m, i) => ({ tenant_id: t.id, parent_id: group.id, menu_name: m.menuName, route_name: m.routeName, path: m.path, component: m.component, menu_type: 'C', perms: m.perms ?? '', icon: 'form', order_num: i + 1 })))
        .execute();
    }
  },
};
