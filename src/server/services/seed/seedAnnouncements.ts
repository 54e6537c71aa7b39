/** Seed step: a few rolling announcements for every tenant (the 滚动公告 home module). */
import { insertAnnouncement } from '../../repositories/rollingAnnounceRepository.js';
import type { SeedStep } from './types.js';

export const seedAnnouncements: SeedStep = {
  name: 'announcements',
  async run(ctx) {
    const now = new Date();
    const day = `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
    for (const t of ctx.tenants) {
      // Open-ended, so a demo seeded long ago still shows them.
      await insertAnnouncement(ctx.db, t.id, { content: `欢迎使用${t.name}业务表单平台，审批与待办请留意消息中心。`, startDate: day, endDate: null, status: '0', sort: 0 }, 'admin');
      await insertAnnouncement(ctx.db, t.id, { content: '系统将于每周六 22:00 至 24:00 例行维护，请提前保存数据。', startDate: null, endDate: null, status: '0', sort: 1 }, 'admin');
      await insertAnnouncement(ctx.db, t.id, { content: '合同台账已上线，新签合同请及时登记。', startDate: null, endDate: null, status: '0', sort: 2 }, 'admin');
    }
  },
};
