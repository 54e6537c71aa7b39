import { describe, expect, it } from 'vitest';
import { namedScreenAt } from './namedScreens';

describe('namedScreenAt', () => {
  it('maps the list screens to their forms', () => {
    expect(namedScreenAt('/xtgl/apppz/kanban-info')).toEqual({ enName: 'kanban_info', kind: 'list', subPath: '', title: '查看通知' });
    expect(namedScreenAt('/allocation/')).toEqual({ enName: 'allocation', kind: 'list', subPath: '', title: '物资调拨' });
  });

  it('titles the manual order as the spec says: 手工订单, 编辑订单 with an id, 查看订单 for detail', () => {
    expect(namedScreenAt('/order-manage/form')).toMatchObject({ enName: 'order_manage', subPath: 'add', title: '手工订单' });
    expect(namedScreenAt('/order-manage/form/12')).toMatchObject({ subPath: '12', title: '编辑订单' });
    expect(namedScreenAt('/order-manage/form/detail/12')).toMatchObject({ subPath: 'detail12', title: '查看订单' });
    expect(namedScreenAt('/order-manage/form/detail12')).toMatchObject({ subPath: 'detail12', title: '查看订单' });
  });

  it('opens the work order as 任务详情, and refuses what is not an id', () => {
    expect(namedScreenAt('/work-order/form/detail/3')).toEqual({ enName: 'work_order', kind: 'form', subPath: 'detail3', title: '任务详情' });
    expect(namedScreenAt('/work-order/form/abc')).toBeUndefined();
    expect(namedScreenAt('/order-manage/form/detail')).toBeUndefined();
    expect(namedScreenAt('/order-manage/formx')).toBeUndefined();
    expect(namedScreenAt('/system/user')).toBeUndefined();
  });
});
