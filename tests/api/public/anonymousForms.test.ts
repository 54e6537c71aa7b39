/**
 * Issue 32 item 5: anonymous forms. The demo `auto_ryxx` is open in DEFAULT (not in T2): a visitor
 * without a token reads only its fillable fields and submits with a captcha; every limit is
 * refused with its message (captcha, rate per address with a fake clock, body size, text size,
 * choices, unknown and internal fields), the record lands as 草稿 or as the setting says, and
 * nothing else of the tenant answers without a token.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/testServer.js';
import { as } from '../support/api.js';
import { ANONYMOUS_LIMITS, ANONYMOUS_MESSAGES as M } from '../../../src/server/public/anonymousForms.js';

let t: TestApp;
let admin: string;
let clock = new Date('2026-03-02T02:00:00Z');
const anon = () => as(t, null);
const FORM = '/api/auto/auto_ryxx/anonymous';
const person = (xm: string) => ({ xm, xb: '1', lxdh: '13800000000', xl: '3', bz: '匿名提交' });

beforeAll(async () => {
  t = await createTestApp({ now: () => clock });
  admin = await t.login();
});
afterAll(async () => {
  await t?.close();
});
// Each test starts two hours later: the rate limit's hour holds none of an earlier test's attempts.
beforeEach(() => {
  clock = new Date(clock.getTime() + 2 * 3600_000);
});

/** A captcha and its answer (read where the server keeps it, as a person reads the image). */
async function captcha(tenantCode = 'DEFAULT') {
  const res = await anon().get(`${FORM}/captcha?tenantCode=${tenantCode}`);
  expect(res.status).toBe(200);
  const row = await t.db.selectFrom('captchas').select('answer').where('uuid', '=', res.body.data.uuid).executeTakeFirstOrThrow();
  return { uuid: res.body.data.uuid as string, code: row.answer };
}

async function submit(data: Record<string, unknown>, tenantCode = 'DEFAULT') {
  return anon().post(`${FORM}?tenantCode=${tenantCode}`, { data, ...(await captcha(tenantCode)) });
}

async function findRecord(xm: string, token = admin) {
  const res = await as(t, token).post('/api/auto/auto_ryxx/list', { pageNum: 1, pageSize: 10, sysStatus: null, searchConList: [{ enName: 'xm', xm, searchType: 'equal' }] });
  return res.body.rows as any[];
}

describe('anonymous forms', () => {
  it('serves the form name and its fillable fields only, without a token', async () => {
    const res = await anon().get(`${FORM}?tenantCode=DEFAULT`);
    expect(res.status).toBe(200);
    const { data } = res.body;
    expect(data.cnName).toBe('人员信息');
    expect(data.fields.map((f: any) => f.enName)).toEqual(['xm', 'xb', 'sfzh', 'lxdh', 'csrq', 'xl', 'gzdw', 'bz']);
    expect(data.fields[1]).toEqual({ enName: 'xb', label: '性别', funcType: 'radio', required: true, options: [{ label: '男', value: '1' }, { label: '女', value: '2' }] });
    // The internal fields (a user picker, a conditional opinion) and the definition's other parts stay inside.
    expect(JSON.stringify(data)).not.toMatch(/shr|shyj|审核|hideCondition|span/);
  });

  it('saves a submission as 草稿 (status -1) with no user of the tenant as its creator', async () => {
    const res = await submit(person('匿名张三'));
    expect(res.body).toEqual({ code: 200, msg: '提交成功' });
    const rows = await findRecord('匿名张三');
    expect(rows).toHaveLength(1);
    expect(rows[0].sys_status).toBe(-1);
    expect(rows[0].create_by).toBe('匿名用户');
    expect(rows[0].bz).toBe('匿名提交');
  });

  it('saves as a finished record when the administrator sets status 1, and refuses that setting when it cannot hold', async () => {
    const set = (body: object) => as(t, admin).post('/api/flowable/form/anonymous/auto_ryxx', body);
    expect((await set({ enabled: true, sysStatus: 1 })).body).toEqual({ code: 200, msg: '保存成功' });
    try {
      const setting = await as(t, admin).get('/api/flowable/form/anonymous/auto_ryxx');
      expect(setting.body.data).toMatchObject({ enabled: true, sysStatus: 1, omittedFields: ['审核人', '审核意见'] });
      expect((await submit(person('匿名李四'))).status).toBe(200);
      expect((await findRecord('匿名李四'))[0].sys_status).toBe(1);
    } finally {
      await set({ enabled: true, sysStatus: -1 });
    }
    // A form whose required field a visitor cannot fill cannot make finished records.
    expect((await as(t, admin).post('/api/flowable/form/anonymous/contract_ledger', { enabled: true, sysStatus: 1 })).body.msg).toBe('必填字段「乙方单位」不能匿名填写，匿名提交只能保存为草稿');
    expect((await as(t, admin).post('/api/flowable/form/anonymous/purchase_request', { enabled: true, sysStatus: 1 })).body.msg).toBe('流程表单的匿名提交只能保存为草稿');
    // Only designers may change it; visitors not at all.
    expect((await anon().post('/api/flowable/form/anonymous/auto_ryxx', { enabled: true, sysStatus: -1 })).status).toBe(401);
  });

  it('checks the captcha: missing, wrong, used twice', async () => {
    expect((await anon().post(`${FORM}?tenantCode=DEFAULT`, { data: person('验证码'), code: '', uuid: '' })).body).toEqual({ code: 400, msg: M.captchaMissing });
    const c = await captcha();
    expect((await anon().post(`${FORM}?tenantCode=DEFAULT`, { data: person('验证码'), uuid: c.uuid, code: c.code === 'zzzz' ? 'yyyy' : 'zzzz' })).body).toEqual({ code: 400, msg: M.captchaWrong });
    // A captcha is one use, also after a wrong answer.
    expect((await anon().post(`${FORM}?tenantCode=DEFAULT`, { data: person('验证码'), ...c })).body).toEqual({ code: 400, msg: M.captchaExpired });
    expect(await findRecord('验证码')).toHaveLength(0);
  });

  it(`limits each address to ${ANONYMOUS_LIMITS.perIpPerHour} attempts an hour, refused ones included`, async () => {
    for (let i = 0; i < ANONYMOUS_LIMITS.perIpPerHour - 1; i++) expect((await submit(person(`限流${i}`))).status).toBe(200);
    expect((await anon().post(`${FORM}?tenantCode=DEFAULT`, { data: person('限流x'), code: 'x', uuid: 'none' })).status).toBe(400);
    const over = await submit(person('限流y'));
    expect(over.status).toBe(429);
    expect(over.body.msg).toBe(M.tooMany);
    clock = new Date(clock.getTime() + 3600_000 + 1000);
    expect((await submit(person('限流z'))).status).toBe(200);
  });

  it('refuses oversized bodies, texts and choice lists, unknown and internal fields, and bad values', async () => {
    const big = await anon().post(`${FORM}?tenantCode=DEFAULT`, { data: { xm: 'x'.repeat(ANONYMOUS_LIMITS.bodyBytes) }, code: 'a', uuid: 'b' });
    expect(big.status).toBe(413);
    expect((await submit({ ...person('长'), gzdw: '单'.repeat(101) })).body.msg).toBe('「工作单位」不能超过100个字符');
    expect((await submit({ ...person('长'), xl: Array(ANONYMOUS_LIMITS.choices + 1).fill('1') })).body.msg).toBe(`「学历」最多选择${ANONYMOUS_LIMITS.choices}项`);
    expect((await submit({ ...person('内'), shr: 1 })).body.msg).toBe('字段「shr」不能匿名填写');
    expect((await submit({ ...person('内'), sys_status: 1 })).body.msg).toBe('字段「sys_status」不能匿名填写');
    expect((await submit({ ...person('形'), bz: { a: 1 } })).body.msg).toBe('「备注」的值格式不正确');
    expect((await submit({ xb: '1', lxdh: '1' })).body.msg).toBe('姓名不能为空');
    expect((await submit({ ...person('身'), sfzh: '123' })).body.msg).toBe('身份证号须为18位');
    expect((await submit({})).body.msg).toBe(M.empty);
    expect((await anon().post(`${FORM}?tenantCode=DEFAULT`, { data: person('多'), code: 'a', uuid: 'b', extra: 1 })).status).toBe(400);
  });

  it('keeps tenants apart: open per tenant, one answer for closed, missing and unknown', async () => {
    // Open in DEFAULT, not in T2 (the same form exists there).
    expect((await anon().get(`${FORM}?tenantCode=T2`)).body).toEqual({ code: 404, msg: M.notOpen });
    expect((await anon().get(`${FORM}/captcha?tenantCode=T2`)).body).toEqual({ code: 404, msg: M.notOpen });
    expect((await anon().post(`${FORM}?tenantCode=T2`, { data: person('跨租户'), code: 'a', uuid: 'b' })).body).toEqual({ code: 404, msg: M.notOpen });
    // A form that exists but is closed, and one that does not exist, answer the same.
    expect((await anon().get('/api/auto/auto_pthp/anonymous?tenantCode=DEFAULT')).body).toEqual({ code: 404, msg: M.notOpen });
    expect((await anon().get('/api/auto/no_such_form/anonymous?tenantCode=DEFAULT')).body).toEqual({ code: 404, msg: M.notOpen });
    expect((await anon().get(`${FORM}?tenantCode=NOPE`)).body).toEqual({ code: 400, msg: '租户不存在' });
    // T2's admin does not see DEFAULT's anonymous records.
    await submit(person('租户隔离'));
    expect(await findRecord('租户隔离')).toHaveLength(1);
    expect(await findRecord('租户隔离', await t.login('T2'))).toHaveLength(0);
    // Nothing else of the tenant answers without a token: records, lists, definitions, users.
    for (const url of ['/api/auto/auto_ryxx/1', '/api/flowable/form/en/auto_ryxx', '/api/system/user/list', '/api/flowable/form/anonymous/auto_ryxx']) {
      expect((await anon().get(url)).status).toBe(401);
    }
    expect((await anon().post('/api/auto/auto_ryxx/list', { pageNum: 1, pageSize: 10 })).status).toBe(401);
    expect((await anon().post('/api/auto/auto_ryxx/add', { formName: 'auto_ryxx', data: person('x') })).status).toBe(401);
  });
});
