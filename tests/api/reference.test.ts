import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/testServer.js';
import { as } from './support/api.js';

let t: TestApp;
let api: ReturnType<typeof as>;
let staff: ReturnType<typeof as>;

beforeAll(async () => {
  t = await createTestApp();
  api = as(t, await t.login());
  staff = as(t, await t.login('DEFAULT', 'staff'));
});
afterAll(async () => {
  await t?.close();
});

describe('dictionary data', () => {
  it('holds the bundled types of spec 02 §3', async () => {
    const sex = await staff.get('/api/system/dict/data/list?dictType=sys_user_sex');
    expect(sex.body.rows.map((r: any) => [r.dictLabel, r.dictValue])).toEqual([['男', '0'], ['女', '1'], ['未知', '2']]);
    const oper = await staff.get('/api/system/dict/data/type/sys_oper_type');
    expect(oper.body.data).toHaveLength(21);
    expect(oper.body.data[10]).toMatchObject({ dictLabel: '作废', dictValue: '10' });
    for (const type of ['question_type', 'sys_show_hide', 'sys_normal_disable', 'sys_job_status', 'sys_job_group', 'sys_yes_no', 'sys_notice_type', 'sys_notice_status', 'sys_common_status']) {
      expect((await staff.get(`/api/system/dict/data/type/${type}`)).body.data.length, type).toBeGreaterThan(0);
    }
  });

  it('adds, reads, edits and deletes an entry', async () => {
    const add = await api.post('/api/system/dict/data', { dictType: 'sys_yes_no', dictLabel: '待定', dictValue: 'P', dictSort: 3, listClass: 'warning' });
    expect(add.status).toBe(200);
    const code = add.body.data.dictCode;
    expect((await api.get(`/api/system/dict/data/${code}`)).body.data).toMatchObject({ dictLabel: '待定', dictValue: 'P', isDefault: 'N', status: '0' });
    expect((await api.post('/api/system/dict/data/edit', { dictCode: code, dictType: 'sys_yes_no', dictLabel: '待议', dictValue: 'P' })).status).toBe(200);
    expect((await api.get(`/api/system/dict/data/${code}`)).body.data.dictLabel).toBe('待议');
    expect((await api.post('/api/system/dict/data/delete', [code])).status).toBe(200);
    expect((await api.get(`/api/system/dict/data/${code}`)).status).toBe(404);
  });

  it('refuses bad entries and unknown ids', async () => {
    expect((await api.post('/api/system/dict/data', { dictType: 'sys_yes_no', dictLabel: 'x' })).body.errors[0].field).toBe('dictValue');
    expect((await api.post('/api/system/dict/data', { dictType: 'Bad Type!', dictLabel: 'x', dictValue: 'x' })).status).toBe(400);
    expect((await api.post('/api/system/dict/data', { dictType: 'sys_yes_no', dictLabel: 'x', dictValue: 'x', isDefault: 'maybe' })).status).toBe(400);
    expect((await api.post('/api/system/dict/data/edit', { dictCode: 999999, dictType: 'sys_yes_no', dictLabel: 'x', dictValue: 'x' })).status).toBe(404);
    expect((await api.post('/api/system/dict/data/delete', [999999])).status).toBe(404);
    expect((await api.get('/api/system/dict/data/999999')).status).toBe(404);
  });
});

describe('system config', () => {
  it('seeds the keys of spec 02 §3 with defaults', async () => {
    const keys = ['sys.list.show.status', 'sys.list.empty.tip', 'sys.thousand.separator.enabled', 'sys.show.watermark', 'sys.account.captchaEnabled', 'sys.form.stash.enabled', 'sys.preview.img.loop', 'sys.enable.obs'];
    const res = await as(t, null).post('/api/system/config/configKeys', { keys, tenantCode: 'DEFAULT' });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ 'sys.list.show.status': 'true', 'sys.list.empty.tip': '暂无数据', 'sys.show.watermark': 'false', 'sys.account.captchaEnabled': 'false', 'sys.form.stash.enabled': 'true' });
    expect(Object.keys(res.body.data).sort()).toEqual([...keys].sort());
  });

  it('keeps private keys from callers without a token and from users who do not administer the configuration', async () => {
    const anon = await as(t, null).post('/api/system/config/configKeys', { keys: ['sys.user.initPassword'] });
    expect(anon.body.data).toEqual({});
    const signedIn = await staff.post('/api/system/config/configKeys', { keys: ['sys.user.initPassword'] });
    expect(signedIn.body.data).toEqual({});
    const admin = await api.post('/api/system/config/configKeys', { keys: ['sys.user.initPassword'] });
    expect(admin.body.data).toEqual({ 'sys.user.initPassword': '123456' });
  });

  it('adds, reads by id and key, edits and deletes an entry', async () => {
    const add = await api.post('/api/system/config', { configName: '测试', configKey: 'test.key', configValue: 'v1' });
    const id = add.body.data.configId;
    expect((await api.get(`/api/system/config/${id}`)).body.data).toMatchObject({ configKey: 'test.key', configValue: 'v1', configType: 'N' });
    expect((await staff.get('/api/system/config/configKey/test.key')).body).toMatchObject({ code: 200, msg: 'v1', data: 'v1' });
    expect((await api.post('/api/system/config/edit', { configId: id, configName: '测试', configKey: 'test.key', configValue: 'v2' })).status).toBe(200);
    expect((await staff.get('/api/system/config/configKey/test.key')).body.data).toBe('v2');
    expect((await api.post('/api/system/config', { configName: '重复', configKey: 'test.key', configValue: 'x' })).status).toBe(409);
    expect((await api.post('/api/system/config/clearCache')).status).toBe(200);
    expect((await api.post('/api/system/config/delete', [id])).status).toBe(200);
    expect((await staff.get('/api/system/config/configKey/test.key')).body.data).toBeNull();
    const list = await api.get('/api/system/config/list?configKey=sys.list');
    expect(list.body.rows.map((r: any) => r.configKey)).toEqual(['sys.list.show.status', 'sys.list.empty.tip']);
  });

  it('refuses bad config input and unknown ids', async () => {
    expect((await api.post('/api/system/config', { configName: 'x', configKey: 'bad key', configValue: 'x' })).status).toBe(400);
    expect((await api.post('/api/system/config', { configName: 'x', configKey: 'k.k' })).body.errors[0].field).toBe('configValue');
    expect((await api.post('/api/system/config', { configName: 'x', configKey: 'k.k', configValue: 5 })).status).toBe(400);
    expect((await api.post('/api/system/config/edit', { configId: 999999, configName: 'x', configKey: 'k', configValue: 'x' })).status).toBe(404);
    expect((await api.post('/api/system/config/delete', [999999])).status).toBe(404);
    expect((await api.get('/api/system/config/999999')).status).toBe(404);
    expect((await as(t, null).post('/api/system/config/configKeys', { keys: ['a'], tenantCode: 'NOPE' })).status).toBe(404);
  });
});

describe('constants', () => {
  it('holds the ethnicity options under 4268 and the stock-in options', async () => {
    const eth = await staff.post('/api/system/constant/list/parent/4268', null);
    expect(eth.body.data).toHaveLength(56);
    expect(eth.body.data[0].name).toBe('汉族');
    const jb = await staff.post('/api/system/constant/list/parent/4533', { formName: 'btrk' });
    expect(jb.body.data.map((c: any) => c.name)).toEqual(['一级', '二级', '三级', '等外']);
    for (const id of [4531, 4532, 4555]) expect((await staff.get(`/api/system/constant/${id}`)).status).toBe(200);
    const roots = await staff.get('/api/system/constant/list/root');
    expect(roots.body.data.map((c: any) => c.id)).toEqual(expect.arrayContaining([4268, 4533, 4530, 4554]));
    const tree = await staff.post('/api/system/constant/list/tree/0', null);
    expect(tree.body.data.find((c: any) => c.id === 4530).children.map((c: any) => c.id)).toEqual([4531, 4532]);
    const page = await staff.get('/api/system/constant/list?pageNum=1&pageSize=999&parentId=4554');
    expect(page.body.rows.map((c: any) => c.id)).toEqual([4555, 4556, 4557]);
  });

  it('adds, edits, voids, resumes and deletes, changing the version each time', async () => {
    const v0 = (await staff.get('/api/system/constant/version')).body.data;
    const add = await api.post('/api/system/constant', { parentId: 4533, name: '特级', orderNum: 0 });
    const id = add.body.data.id;
    const v1 = (await staff.get('/api/system/constant/version')).body.data;
    expect(v1).not.toBe(v0);
    expect((await staff.post('/api/system/constant/list/parent/4533', null)).body.data[0].name).toBe('特级');
    expect((await api.post('/api/system/constant/edit', { id, parentId: 4533, name: '特等', orderNum: 9 })).status).toBe(200);
    expect((await api.post('/api/system/constant/invalid/', [id])).body.msg).toBe('作废成功');
    expect((await staff.post('/api/system/constant/list/parent/4533', null)).body.data.map((c: any) => c.name)).not.toContain('特等');
    expect((await api.post('/api/system/constant/resume/', [id])).status).toBe(200);
    expect((await staff.post('/api/system/constant/list/parent/4533', null)).body.data.map((c: any) => c.name)).toContain('特等');
    const v2 = (await staff.get('/api/system/constant/version')).body.data;
    expect((await api.post('/api/system/constant/delete', [id])).status).toBe(200);
    expect((await staff.get('/api/system/constant/version')).body.data).not.toBe(v2);
  });

  it('limits options by form when an entry names one', async () => {
    await api.post('/api/system/constant', { parentId: 4533, name: '仅合同', formName: 'contract' });
    expect((await staff.post('/api/system/constant/list/parent/4533', { formName: 'btrk' })).body.data.map((c: any) => c.name)).not.toContain('仅合同');
    expect((await staff.post('/api/system/constant/list/parent/4533', { formName: 'contract' })).body.data.map((c: any) => c.name)).toContain('仅合同');
  });

  it('refuses bad constant input', async () => {
    expect((await api.post('/api/system/constant', { parentId: 4533 })).body.errors[0].field).toBe('name');
    expect((await api.post('/api/system/constant', { parentId: 999999, name: 'x' })).body.msg).toBe('上级常量不存在');
    expect((await api.post('/api/system/constant/delete', [4533])).body.msg).toBe('存在下级常量，不允许删除');
    expect((await api.post('/api/system/constant/delete', [999999])).status).toBe(404);
    expect((await api.post('/api/system/constant/edit', { id: 999999, name: 'x' })).status).toBe(404);
    expect((await api.post('/api/system/constant/invalid/', [999999])).status).toBe(404);
    expect((await staff.get('/api/system/constant/999999')).status).toBe(404);
    expect((await staff.post('/api/system/constant/list/parent/abc', null)).status).toBe(400);
  });
});

describe('addresses', () => {
  it('walks province → city → district from id 1 with real names', async () => {
    const provinces = await staff.get('/api/system/address/1/children');
    expect(provinces.body.data.length).toBeGreaterThanOrEqual(31);
    const names = provinces.body.data.map((p: any) => p.name);
    expect(names).toEqual(expect.arrayContaining(['北京市', '广东省', '四川省', '新疆维吾尔自治区']));
    const gd = provinces.body.data.find((p: any) => p.name === '广东省');
    const cities = await staff.get(`/api/system/address/${gd.id}/children`);
    const sz = cities.body.data.find((c: any) => c.name === '深圳市');
    expect(sz).toBeTruthy();
    const districts = await staff.get(`/api/system/address/${sz.id}/children`);
    expect(districts.body.data.map((d: any) => d.name)).toContain('南山区');
    expect(districts.body.data.every((d: any) => d.leaf)).toBe(true);
    expect((await staff.get('/api/system/address/99999999/children')).status).toBe(404);
    expect((await staff.get('/api/system/address/abc/children')).status).toBe(400);
  });
});

describe('user config', () => {
  it('stores settings per user, returns them, and resets one', async () => {
    const features = { theme: '#1890ff', sideTheme: 'theme-dark', tagsView: true, fixedHeader: false };
    expect((await staff.post('/api/user/config/features/edit', features)).status).toBe(200);
    expect((await staff.post('/api/user/config/table.contract/edit', { pageSize: 40, columns: [{ enName: 'a', width: 120 }] })).status).toBe(200);
    const mine = await staff.get('/api/user/config/get');
    expect(mine.body.data).toEqual({ features, 'table.contract': { pageSize: 40, columns: [{ enName: 'a', width: 120 }] } });
    // Another user of the tenant sees none of it.
    expect((await api.get('/api/user/config/get')).body.data).toEqual({});
    expect((await staff.post('/api/user/config/features/reset')).status).toBe(200);
    expect(Object.keys((await staff.get('/api/user/config/get')).body.data)).toEqual(['table.contract']);
    expect((await staff.post('/api/user/config/bad key!/edit', {})).status).toBe(400);
  });
});
