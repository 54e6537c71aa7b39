/** Seed step: the 消息中心 menu and a few demo messages for every demo user of every tenant. */
import { insertMessages, type NewMessage } from '../../repositories/messageRepository.js';
import type { SeedStep } from './types.js';

/** The message-centre menu entry (the sidebar puts the unread badge on it). */
export const MESSAGE_MENU = { menuName: '消息中心', routeName: 'MsgDetail', path: '/msg/detail', component: 'msg/detail/index', icon: 'message' };

export const seedMessages: SeedStep = {
  name: 'messages',
  async run(ctx) {
    for (const t of ctx.tenants) {
      const last = await ctx.db
        .selectFrom('menus')
        .select((eb) => eb.fn.max('order_num').as('n'))
        .where('tenant_id', '=', t.id)
        .where('parent_id', '=', 0)
        .executeTakeFirst();
      await ctx.db
        .insertInto('menus')
        .values({
          tenant_id: t.id,
          parent_id: 0,
          menu_name: MESSAGE_MENU.menuName,
          route_name: MESSAGE_MENU.routeName,
          path: MESSAGE_MENU.path,
          component: MESSAGE_MENU.component,
          menu_type: 'C',
          perms: '',
          icon: MESSAGE_MENU.icon,
          order_num: Number(last?.n ?? 0) + 1,
        })
        .execute();
      const users = await ctx.db.selectFrom('users').select(['id', 'nick_name']).where('tenant_id', '=', t.id).orderBy('id').execute();
      const messages: NewMessage[] = users.flatMap((u) => [
        { tenantId: t.id, userId: u.id, title: '系统维护通知', content: '系统将于本周六 22:00 至 24:00 进行例行维护，期间可能无法访问。', msgType: '2', isRead: true },
        { tenantId: t.id, userId: u.id, title: '请完善个人资料', content: '请在个人中心核对手机号码与邮箱，便于接收审批提醒。', msgType: '1', link: '/user/profile' },
        { tenantId: t.id, userId: u.id, title: '合同台账有新的合同待查看', content: `${t.name}新登记了合同，请及时查看合同台账。`, msgType: '1', link: '/auto/contract_ledger' },
        { tenantId: t.id, userId: u.id, title: '平台使用指引', content: `${u.nick_name}，您好！审批、待办和系统通知都会发到消息中心。`, msgType: '2' },
      ]);
      await insertMessages(ctx.db, messages);
    }
  },
};
