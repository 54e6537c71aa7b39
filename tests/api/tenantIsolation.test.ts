import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/testServer.js';
import { as } from './support/api.js';

let t: TestApp;

interface TenantData {
  api: ReturnType<typeof as>;
  userId: number;
  deptId: number;
  dictCode: number;
  configId: number;
  constantId: number;
  roleId: number;
  userCount: number;
  deptCount: number;
  dictCount: number;
  configCount: number;
}

async function collect(tenantCode: string): Promise<TenantData> {
  const api = as(t, await t.login(tenantCode, 'admin'));
  const users = await api.get('/api/system/user/list?pageSize=100');
  const staff = users.body.rows.find((u: any) => u.userName === 'staff');
  const depts = await api.get('/api/system/dept/list');
  const dict = await api.get('/api/system/dict/data/list?pageSize=1000');
  const configs = await api.get('/api/system/config/list?pageSize=1000');
  const roles = await api.get('/api/system/role/list');
  const constant = await api.post('/api/system/constant', { parentId: 4268, name: `${tenantCode}专属` });
  return {
    api,
    userId: staff.userId,
    deptId: depts.body.data.find((d: any) => d.deptName === '项目一部').deptId,
    dictCode: dict.body.rows[0].dictCode,
    configId: configs.body.rows[0].configId,
    constantId: constant.body.data.id,
    roleId: roles.body.rows.find((r: any) => r.roleKey === 'staff').roleId,
    userCount: users.body.total,
    deptCount: depts.body.data.length,
    dictCount: dict.body.total,
    configCount: configs.body.total,
  };
}

let def: TenantData;
let t2: TenantData;

beforeAll(async () => {
  t = await createTestApp();
  def = await collect('DEFAULT');
  t2 = await collect('T2');
});
afterAll(async () => {
  await t?.close();
});

for (const [name, from, to] of [
  ['T2 admin against DEFAULT', () => t2, () => def],
  ['DEFAULT admin against T2', () => def, () => t2],
] as const) {
  describe(name, () => {
    it('cannot read any of the other tenant rows by id', async () => {
      const { api } = from();
      const other = to();
      expect((await api.get(`/api/system/user/${other.userId}`)).status).toBe(404);
      expect((await api.get(`/api/system/dept/${other.deptId}`)).status).toBe(404);
      expect((await api.get(`/api/system/dict/data/${other.dictCode}`)).status).toBe(404);
      expect((await api.get(`/api/system/config/${other.configId}`)).status).toBe(404);
      expect((await api.get(`/api/system/role/${other.roleId}`)).status).toBe(404);
      expect((await api.get(`/api/system/constant/${other.constantId}`)).status).toBe(404);
      expect((await api.post('/api/system/user/ids', [other.userId])).body.data).toEqual([]);
      expect((await api.get(`/api/system/user/list/dept/${other.deptId}`)).status).toBe(404);
      expect((await api.get(`/api/system/dept/list/exclude/${other.deptId}`)).status).toBe(404);
    });

    it('cannot see or count them in lists', async () => {
      const { api } = from();
      const other = to();
      const users = await api.get('/api/system/user/list?pageSize=1000');
      expect(users.body.rows.map((u: any) => u.userId)).not.toContain(other.userId);
      expect(users.body.total).toBe(from().userCount);
      expect((await api.get(`/api/system/user/list?deptId=${other.deptId}`)).body.total).toBe(0);
      const depts = await api.get('/api/system/dept/list');
      expect(depts.body.data.map((d: any) => d.deptId)).not.toContain(other.deptId);
      const dict = await api.get('/api/system/dict/data/list?pageSize=1000');
      expect(dict.body.rows.map((d: any) => d.dictCode)).not.toContain(other.dictCode);
      expect(dict.body.total).toBe(from().dictCount);
      const configs = await api.get('/api/system/config/list?pageSize=1000');
      expect(configs.body.rows.map((c: any) => c.configId)).not.toContain(other.configId);
      const eth = await api.post('/api/system/constant/list/parent/4268', null);
      expect(eth.body.data.map((c: any) => c.id)).not.toContain(other.constantId);
      const byFilter = await api.post('/api/system/user/byFilter', { pageSize: 1000 });
      expect(byFilter.body.total).toBe(from().userCount);
    });

    it('cannot update them', async () => {
      const { api } = from();
      const other = to();
      expect((await api.post('/api/system/user/edit', { userId: other.userId, nickName: '被改' })).status).toBe(404);
      expect((await api.post('/api/system/user/resetPwd', { userId: other.userId, password: 'hacked1' })).status).toBe(404);
      expect((await api.post('/api/system/user/changeStatus/1', { userId: other.userId })).status).toBe(404);
      expect((await api.post('/api/system/dept/edit', { deptId: other.deptId, parentId: other.deptId, deptName: '被改' })).status).toBe(404);
      expect((await api.post('/api/system/dict/data/edit', { dictCode: other.dictCode, dictType: 'sys_yes_no', dictLabel: '被改', dictValue: 'x' })).status).toBe(404);
      expect((await api.post('/api/system/config/edit', { configId: other.configId, configName: '被改', configKey: 'x.y', configValue: 'x' })).status).toBe(404);
      expect((await api.post('/api/system/role/edit', { roleId: other.roleId, roleName: '被改', roleKey: 'x' })).status).toBe(404);
      expect((await api.post('/api/system/constant/edit', { id: other.constantId, name: '被改' })).status).toBe(404);
      // Nor attach their own rows to the other tenant's department or role.
      expect((await api.post('/api/system/user', { userName: 'spy', nickName: 'x', password: '123456', deptId: other.deptId })).status).toBe(400);
      expect((await api.post('/api/system/user', { userName: 'spy', nickName: 'x', password: '123456', roleIds: [other.roleId] })).status).toBe(400);
      expect((await api.post('/api/system/dept', { parentId: other.deptId, deptName: 'x' })).status).toBe(400);
    });

    it('cannot delete them', async () => {
      const { api } = from();
      const other = to();
      expect((await api.post('/api/system/user/delete', [other.userId])).status).toBe(404);
      expect((await api.post('/api/system/dept/delete', [other.deptId])).status).toBe(404);
      expect((await api.post('/api/system/dict/data/delete', [other.dictCode])).status).toBe(404);
      expect((await api.post('/api/system/config/delete', [other.configId])).status).toBe(404);
      expect((await api.post('/api/system/role/delete', [other.roleId])).status).toBe(404);
      expect((await api.post('/api/system/constant/delete', [other.constantId])).status).toBe(404);
    });

    it('left every row of the other tenant as it was', async () => {
      const other = to();
      const user = await other.api.get(`/api/system/user/${other.userId}`);
      expect(user.body.data).toMatchObject({ nickName: '张工', status: '0' });
      expect((await other.api.get(`/api/system/dept/${other.deptId}`)).body.data.deptName).toBe('项目一部');
      expect((await other.api.get(`/api/system/dict/data/${other.dictCode}`)).status).toBe(200);
      expect((await other.api.get(`/api/system/config/${other.configId}`)).status).toBe(200);
      expect((await other.api.get(`/api/system/constant/${other.constantId}`)).body.data.name).not.toBe('被改');
      expect((await other.api.get('/api/system/user/list')).body.total).toBe(other.userCount);
      expect((await other.api.get('/api/system/dept/list')).body.data).toHaveLength(other.deptCount);
    });
  });
}
