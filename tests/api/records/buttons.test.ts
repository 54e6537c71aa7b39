/**
 * Custom buttons (issue 17 item 4; docs/forms.md "Custom buttons"): definitions with bad steps
 * are refused on save; pre-checks answer stop and warn from the server; each action kind runs
 * through the ordinary write path inside one transaction (a failing row rolls back every row);
 * the button permission, the tenant and the webhook's address rules hold.
 */
import { createHmac } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/testServer.js';
import { callWebhook } from '../../../src/server/records/buttons/webhook.js';

let t: TestApp;
let admin: string;
let admin2: string;
let hook: Server;
let hookUrl: string;
const received: { headers: Record<string, unknown>; body: string }[] = [];
let hookStatus = 200;

const call = async (token: string, method: string, url: string, body?: unknown) => {
  const res = await t.request({ method, url, token, body });
  return { status: res.statusCode, json: res.json() as any };
};

const TARGET = {
  enName: 'btn_log',
  cnName: '审核日志',
  fields: [
    { enName: 'src_title', label: '来源订单', funcType: 'input', required: true },
    { enName: 'src_amount', label: '来源金额', funcType: 'number' },
  ],
};

const orderForm = () => ({
  enName: 'btn_order',
  cnName: '按钮订单',
  fields: [
    { enName: 'title', label: '订单名称', funcType: 'input', required: true },
    { enName: 'amount', label: '金额', funcType: 'number' },
    { enName: 'state', label: '状态', funcType: 'input' },
    { enName: 'note', label: '备注', funcType: 'input' },
  ],
  buttons: [
    {
      id: 1, name: '审核', topShow: true, rightShow: true, rightShowCon: "${state} != '已审核'",
      checks: [
        { when: '${amount} < 0', action: 'stop', errorTips: '订单「${title}」金额为负，不能审核' },
        { when: '${amount} > 1000', action: 'warn', errorTips: '订单「${title}」金额超过 1000' },
      ],
      actions: [{ kind: 'setValues', values: { state: '已审核', amount: { expr: '${amount} * 2' } } }],
    },
    { id: 2, name: '生成日志', topShow: true, actions: [{ kind: 'createRecord', form: 'btn_log', values: { src_title: { expr: "${title} + '（审核）'" }, src_amount: { expr: '${amount}' } } }] },
    { id: 3, name: '打开', topShow: true, actions: [{ kind: 'link', url: '/auto/btn_order/detail${id}?t=${title}' }, { kind: 'print', templateId: 5 }] },
    { id: 4, name: '通知', topShow: true, actions: [{ kind: 'webhook', url: 'http://127.0.0.1:1/', secret: 'hook_key', timeoutMs: 3000 }] },
    { id: 5, name: '抄备注', topShow: true, actions: [{ kind: 'setValues', values: { title: { expr: '${note}' } } }] },
    { id: 6, name: '新建空单', topShow: true, unSelectedActionable: true, actions: [{ kind: 'createRecord', form: 'btn_log', values: { src_title: { expr: "'由' + #{userName} + '创建'" } } }] },
    { id: 7, name: '审核后通知', topShow: true, actions: [{ kind: 'setValues', values: { state: '已通知' } }, { kind: 'webhook', url: 'http://127.0.0.1:1/' }] },
  ],
});

async function saveOrderForm(token: string, hookAddress: string) {
  const def = orderForm();
  for (const b of def.buttons) for (const s of b.actions as any[]) if (s.kind === 'webhook') s.url = hookAddress;
  const r = await call(token, 'POST', '/api/flowable/form', def);
  expect(r.status, JSON.stringify(r.json)).toBe(200);
}

const add = async (data: Record<string, unknown>, token = admin) => {
  const r = await call(token, 'POST', '/api/auto/btn_order/add', { formName: 'btn_order', data });
  expect(r.status, JSON.stringify(r.json)).toBe(200);
  return r.json.data.id as number;
};
const detail = async (id: number, token = admin) => (await call(token, 'GET', `/api/auto/btn_order/${id}`)).json.data;
const run = (button: unknown, ids: unknown[], token = admin) => call(token, 'POST', '/api/auto/btn_order/button/action', { button, ids, menuId: null, params: {} });
const check = (button: unknown, ids: unknown[], token = admin) => call(token, 'POST', '/api/auto/button/check', { formName: 'btn_order', button, ids });

beforeAll(async () => {
  hook = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      received.push({ headers: req.headers, body });
      res.statusCode = hookStatus;
      res.end('{}');
    });
  });
  await new Promise<void>((r) => hook.listen(0, '127.0.0.1', r));
  hookUrl = `http://127.0.0.1:${(hook.address() as AddressInfo).port}/hook`;
  t = await createTestApp({ config: { webhookAllowPrivate: true } });
  admin = await t.login('DEFAULT');
  admin2 = await t.login('T2');
  expect((await call(admin, 'POST', '/api/flowable/form', TARGET)).status).toBe(200);
  await saveOrderForm(admin, hookUrl);
  expect((await call(admin, 'POST', '/api/auto/button/secrets', { name: 'hook_key', value: 's3cret-value' })).status).toBe(200);
});
afterAll(async () => {
  await t?.close();
  await new Promise((r) => hook?.close(r));
});

describe('definitions', () => {
  it('refuses a button with an unknown step, an unsafe link, a bad expression or a bad check', async () => {
    const bad = (buttons: unknown[]) => call(admin, 'POST', '/api/flowable/form', { ...orderForm(), enName: 'btn_bad', buttons });
    const cases: [unknown, string][] = [
      [{ id: 1, name: 'x', actions: [{ kind: 'script', code: 'alert(1)' }] }, '按钮「x」的动作须为设置字段值、新增记录、打开链接、打印、调用 Webhook之一'],
      [{ id: 1, name: 'x', actions: [{ kind: 'link', url: 'javascript:alert(1)' }] }, '按钮「x」的「打开链接」动作的链接须以'],
      [{ id: 1, name: 'x', actions: [{ kind: 'setValues', values: { nope: 1 } }] }, '按钮「x」的「设置字段值」动作要设置的字段 “nope” 不存在'],
      [{ id: 1, name: 'x', actions: [{ kind: 'setValues', values: { state: { expr: '${amount} +' } } }] }, '按钮「x」的「设置字段值」动作中「状态」的计算式无法解析'],
      [{ id: 1, name: 'x', actions: [{ kind: 'webhook', url: 'ftp://x/', timeoutMs: 60000 }] }, '按钮「x」的「调用 Webhook」动作的地址须以 http(s):// 开头'],
      [{ id: 1, name: 'x', checks: [{ when: '${amount} >', action: 'block', errorTips: '' }], actions: [{ kind: 'print', templateId: 1 }] }, '按钮「x」的第 1 条校验规则的条件无法解析'],
      [{ id: 'a b', name: 'x', actions: [{ kind: 'print', templateId: 1 }] }, '按钮「x」的编号只能含字母、数字和下划线'],
    ];
    for (const [button, text] of cases) {
      const r = await bad([button]);
      expect(r.status, JSON.stringify(button)).toBe(400);
      expect(JSON.stringify(r.json), JSON.stringify(button)).toContain(text);
    }
    expect((await call(admin, 'GET', '/api/flowable/form/en/btn_bad')).status).toBe(404);
  });
});

describe('pre-check', () => {
  it('answers stop before warn, with the record values in the texts, evaluated on the server', async () => {
    const neg = await add({ title: '负单', amount: -5 });
    const big = await add({ title: '大单', amount: 5000 });
    const small = await add({ title: '小单', amount: 10 });
    expect((await check(1, [small])).json.data).toEqual([]);
    expect((await check(1, [big])).json.data).toEqual([{ action: 'warn', errorTips: '订单「大单」金额超过 1000' }]);
    expect((await check(1, [big, neg])).json.data).toEqual([
      { action: 'stop', errorTips: '订单「负单」金额为负，不能审核' },
      { action: 'warn', errorTips: '订单「大单」金额超过 1000' },
    ]);
    // The button is looked up in the stored definition: an id the form lacks is a 404.
    expect((await check(99, [big])).status).toBe(404);
    expect((await check(1, [])).status).toBe(400);
  });
});

describe('actions', () => {
  it('setValues writes through the edit path: values and expressions, version bumped, logs of type 2 and 12', async () => {
    const id = await add({ title: '审核单', amount: 300 });
    const before = await detail(id);
    const r = await run(1, [id]);
    expect(r.status, JSON.stringify(r.json)).toBe(200);
    expect(r.json.data.updated).toBe(1);
    const after = await detail(id);
    expect(after.state).toBe('已审核');
    expect(Number(after.amount)).toBe(600);
    expect(after.version).toBe(before.version + 1);
    const logs = await t.db.selectFrom('oper_log').select(['business_type', 'title', 'oper_param']).where('title', '=', '按钮订单-审核').execute();
    expect(logs.map((l) => l.business_type)).toEqual([12]);
    expect(logs[0].oper_param).toContain(`"ids":[${id}]`);
  });

  it('createRecord adds a record to the other form from each selected one', async () => {
    const a = await add({ title: '甲单', amount: 12 });
    const b = await add({ title: '乙单', amount: 34 });
    const r = await run(2, [a, b]);
    expect(r.status, JSON.stringify(r.json)).toBe(200);
    expect(r.json.data.created).toHaveLength(2);
    const rows = (await call(admin, 'POST', '/api/auto/btn_log/list', { pageNum: 1, pageSize: 100 })).json.rows;
    const mine = rows.filter((x: any) => ['甲单（审核）', '乙单（审核）'].includes(x.src_title));
    expect(mine.map((x: any) => [x.src_title, Number(x.src_amount)]).sort()).toEqual([['乙单（审核）', 34], ['甲单（审核）', 12]]);
  });

  it('unSelectedActionable runs without a selection; other buttons need one', async () => {
    const r = await run(6, []);
    expect(r.status, JSON.stringify(r.json)).toBe(200);
    const rows = (await call(admin, 'POST', '/api/auto/btn_log/list', { pageNum: 1, pageSize: 100 })).json.rows;
    expect(rows.some((x: any) => x.src_title === '由admin创建')).toBe(true);
    expect((await run(2, [])).json.msg).toBe('请选择要操作的记录');
  });

  it('link and print answer addresses for the browser, placeholders URL-encoded', async () => {
    const id = await add({ title: 'a&b 单', amount: 1 });
    const r = await run(3, [id]);
    expect(r.status, JSON.stringify(r.json)).toBe(200);
    expect(r.json.data.links).toEqual([`/auto/btn_order/detail${id}?t=a%26b%20%E5%8D%95`, `/view-report?formName=btn_order&ids=${id}&templateId=5`]);
  });

  it('webhook: POSTs the records signed with the tenant secret, which is never returned', async () => {
    const id = await add({ title: '通知单', amount: 8 });
    received.length = 0;
    const r = await run(4, [id]);
    expect(r.status, JSON.stringify(r.json)).toBe(200);
    expect(received).toHaveLength(1);
    const { headers, body } = received[0];
    const expected = createHmac('sha256', 's3cret-value').update(`${String(headers['x-formwork-timestamp'])}.${body}`).digest('hex');
    expect(headers['x-formwork-signature']).toBe(`sha256=${expected}`);
    expect(JSON.parse(body)).toMatchObject({ formName: 'btn_order', button: { id: 4 }, records: [{ id, title: '通知单' }] });
    const names = await call(admin, 'GET', '/api/auto/button/secrets');
    expect(names.json.data.map((s: any) => s.name)).toEqual(['hook_key']);
    expect(JSON.stringify(names.json)).not.toContain('s3cret-value');
    expect(JSON.stringify(r.json)).not.toContain('s3cret-value');
  });

  it('a failing webhook rolls back the steps before it and answers 当前按钮脚本执行异常', async () => {
    const id = await add({ title: '回滚单', amount: 8 });
    hookStatus = 500;
    try {
      const r = await run(7, [id]);
      expect(r.status).toBe(400);
      expect(r.json.msg).toContain('当前按钮脚本执行异常');
      expect(r.json.msg).toContain('500');
    } finally {
      hookStatus = 200;
    }
    expect((await detail(id)).state).toBeNull();
  });

  it('a row that fails validation rolls back every row (one transaction)', async () => {
    const good = await add({ title: '好单', note: '新名称' });
    const bad = await add({ title: '坏单', note: '' });
    const r = await run(5, [good, bad]);
    expect(r.status).toBe(400);
    expect(r.json.msg).toContain('当前按钮脚本执行异常');
    expect(r.json.msg).toContain('订单名称不能为空');
    const g = await detail(good);
    expect([g.title, g.version]).toEqual(['好单', 1]);
  });
});

describe('the demo button', () => {
  it('归档 of the seeded contract_ledger: warn over 1,000,000, archives, then stops a second time', async () => {
    const rows = (await call(admin, 'POST', '/api/auto/contract_ledger/list', { pageNum: 1, pageSize: 100 })).json.rows;
    const big = rows.find((r: any) => Number(r.amount) > 1_000_000 && !String(r.remark ?? '').includes('已归档'));
    expect(big, 'a seeded contract over 1,000,000').toBeTruthy();
    const checked = await call(admin, 'POST', '/api/auto/button/check', { formName: 'contract_ledger', button: 102, ids: [big.id] });
    expect(checked.json.data).toEqual([{ action: 'warn', errorTips: `合同「${big.contract_name}」金额超过 100 万元，请确认付款已登记完毕` }]);
    const r = await call(admin, 'POST', '/api/auto/contract_ledger/button/action', { button: 102, ids: [big.id] });
    expect(r.status, JSON.stringify(r.json)).toBe(200);
    expect((await call(admin, 'GET', `/api/auto/contract_ledger/${big.id}`)).json.data.remark).toBe('已归档（admin）');
    const again = await call(admin, 'POST', '/api/auto/button/check', { formName: 'contract_ledger', button: 102, ids: [big.id] });
    expect(again.json.data[0]).toEqual({ action: 'stop', errorTips: `合同「${big.contract_name}」已归档` });
  });
});

describe('permissions and tenants', () => {
  it('needs auto:{form}:btn{id}; query alone is refused, the button permission alone runs it', async () => {
    const id = await add({ title: '权限单', amount: 1 });
    const dept = await t.db.selectFrom('depts').innerJoin('tenants', 'tenants.id', 'depts.tenant_id').select('depts.id').where('tenants.code', '=', 'DEFAULT').orderBy('depts.id').executeTakeFirstOrThrow();
    const userWith = async (name: string, permissions: string[]) => {
      const role = await call(admin, 'POST', '/api/system/role', { roleName: `角色${name}`, roleKey: `r_${name}`, permissions });
      await call(admin, 'POST', '/api/system/user', { userName: `u_${name}`, nickName: name, password: 'secret123', deptId: dept.id, roleIds: [role.json.data.roleId] });
      return t.login('DEFAULT', `u_${name}`, 'secret123');
    };
    const viewer = await userWith('btnview', ['auto:btn_order:query']);
    const runner = await userWith('btnrun', ['auto:btn_order:query', 'auto:btn_order:btn1']);
    expect((await run(1, [id], viewer)).status).toBe(403);
    expect((await check(1, [id], viewer)).status).toBe(403);
    expect((await run(2, [id], runner)).status).toBe(403);
    expect((await run(1, [id], runner)).status).toBe(200);
    expect((await detail(id)).state).toBe('已审核');
    // Secrets are form design: a plain user may neither list nor set them.
    expect((await call(runner, 'GET', '/api/auto/button/secrets')).status).toBe(403);
  });

  it("another tenant's records and secrets are out of reach", async () => {
    const id = await add({ title: '本租户单', amount: 1 });
    // T2 without the form: 404; with a form of the same name, DEFAULT's ids are not its records.
    expect((await run(1, [id], admin2)).status).toBe(404);
    expect((await call(admin2, 'POST', '/api/flowable/form', TARGET)).status).toBe(200);
    await saveOrderForm(admin2, hookUrl);
    expect((await run(1, [id], admin2)).status).toBe(404);
    expect((await detail(id)).state).toBeNull();
    // T2 has no secret named hook_key: its webhook refuses to run unsigned.
    const own = await add({ title: 'T2单' }, admin2);
    const r = await run(4, [own], admin2);
    expect(r.status).toBe(400);
    expect(r.json.msg).toContain('hook_key');
    expect((await call(admin2, 'GET', '/api/auto/button/secrets')).json.data).toEqual([]);
  });
});

describe('feature.formChecks (item 5)', () => {
  const FC = {
    enName: 'fc_order',
    cnName: '校验订单',
    fields: [
      { enName: 'title', label: '名称', funcType: 'input' },
      { enName: 'amount', label: '金额', funcType: 'number' },
      { enName: 'state', label: '状态', funcType: 'input' },
    ],
    feature: {
      formChecks: [
        { scene: 'add', when: '${amount} < 0', action: 'stop', errorTips: '金额不能为负' },
        { scene: 'edit', when: '${amount} > 1000', action: 'stop', errorTips: '「${title}」金额不能超过 1000' },
        { scene: 'delete', when: "${state} == '锁定'", action: 'stop', errorTips: '「${title}」已锁定，不能删除' },
        { scene: 'invalid', when: '${amount} > 100', action: 'warn', errorTips: '「${title}」金额超过 100' },
      ],
    },
  };
  const fcAdd = (data: Record<string, unknown>) => call(admin, 'POST', '/api/auto/fc_order/add', { formName: 'fc_order', data });

  it('refuses a warn rule for add or edit, and an unknown scene, on save', async () => {
    for (const rule of [{ scene: 'add', when: '${amount} < 0', action: 'warn', errorTips: 'x' }, { scene: 'print', when: 'true', action: 'stop', errorTips: 'x' }]) {
      const r = await call(admin, 'POST', '/api/flowable/form', { ...FC, enName: 'fc_bad', feature: { formChecks: [rule] } });
      expect(r.status, JSON.stringify(rule)).toBe(400);
      expect(JSON.stringify(r.json.errors)).toContain('feature.formChecks[0]');
    }
  });

  it('stops an add or an edit whose record breaks a stop rule; answers delete and void pre-checks; enforces delete stops', async () => {
    expect((await call(admin, 'POST', '/api/flowable/form', FC)).status).toBe(200);
    const negative = await fcAdd({ title: '负', amount: -1 });
    expect([negative.status, negative.json.msg]).toEqual([400, '金额不能为负']);
    const locked = (await fcAdd({ title: '锁单', amount: 500, state: '锁定' })).json.data.id;
    const edit = await call(admin, 'POST', `/api/auto/fc_order/edit/${locked}`, { formName: 'fc_order', data: { amount: 2000 }, version: 1 });
    expect([edit.status, edit.json.msg]).toEqual([400, '「锁单」金额不能超过 1000']);
    const del = await call(admin, 'POST', '/api/auto/fc_order/check/delete', [locked]);
    expect(del.json.data).toMatchObject({ success: false, action: 'stop', errorTips: '「锁单」已锁定，不能删除' });
    const inv = await call(admin, 'POST', '/api/auto/fc_order/check/invalid', [locked]);
    expect(inv.json.data.action).toBe('warn');
    expect(inv.json.data.errorTips).toContain('「锁单」金额超过 100');
    // A client that skips the pre-check is refused by the delete itself.
    const removed = await call(admin, 'POST', '/api/auto/fc_order/delete', [locked]);
    expect([removed.status, removed.json.msg]).toEqual([400, '「锁单」已锁定，不能删除']);
    expect((await call(admin, 'GET', `/api/auto/fc_order/${locked}`)).status).toBe(200);
  });
});

describe('check/deleteSub (item 5)', () => {
  it('answers stop or warn for saved sub-rows by the deleteSub rules, row fields over the record', async () => {
    const form = {
      enName: 'ds_order',
      cnName: '子表校验',
      fields: [
        { enName: 'state', label: '状态', funcType: 'input' },
        { enName: 'lines', label: '明细', funcType: 'subForm', children: [{ enName: 'item', label: '品名', funcType: 'input' }, { enName: 'qty', label: '数量', funcType: 'number' }] },
      ],
      feature: { formChecks: [
        { scene: 'deleteSub', subForm: 'lines', when: "${state} == '已发货' && ${qty} > 0", action: 'stop', errorTips: '「${item}」已发货，不能删除' },
        { scene: 'deleteSub', when: "${item} == '样品'", action: 'warn', errorTips: '「${item}」是样品' },
      ] },
    };
    expect((await call(admin, 'POST', '/api/flowable/form', form)).status).toBe(200);
    const id = (await call(admin, 'POST', '/api/auto/ds_order/add', { formName: 'ds_order', data: { state: '已发货', lines: [{ item: '钢材', qty: 3 }, { item: '样品', qty: 0 }] } })).json.data.id;
    const rows = (await call(admin, 'GET', `/api/auto/ds_order/${id}`)).json.data.lines;
    const [steel, sample] = rows.map((r: any) => r.id);
    const ask = (ids: unknown[], token = admin) => call(token, 'POST', '/api/auto/ds_order/check/deleteSub', { subForm: 'lines', parentId: id, ids });
    expect((await ask([steel])).json.data).toEqual({ success: false, action: 'stop', errorTips: '「钢材」已发货，不能删除' });
    expect((await ask([sample])).json.data).toEqual({ success: false, action: 'warn', errorTips: '「样品」是样品' });
    expect((await ask([])).json.data).toEqual({ success: true, action: null, errorTips: '' });
    expect((await call(admin, 'POST', '/api/auto/ds_order/check/deleteSub', { subForm: 'nope', parentId: id, ids: [steel] })).status).toBe(400);
    // Another tenant cannot read the record through the check.
    expect((await ask([steel], admin2)).status).toBe(404);
  });
});

describe('webhook addresses', () => {
  it('refuses loopback, private and link-local addresses (and names resolving to them) unless allowed', async () => {
    for (const url of [hookUrl, 'http://10.1.2.3/', 'http://169.254.169.254/latest/meta-data', 'http://[::1]/', 'http://localhost:1/']) {
      await expect(callWebhook({ url, body: {}, timeoutMs: 2000, allowInternal: false }), url).rejects.toThrow(/内部网络/);
    }
    received.length = 0;
    await expect(callWebhook({ url: hookUrl, body: { a: 1 }, timeoutMs: 2000, allowInternal: true })).resolves.toBe(200);
    expect(received).toHaveLength(1);
  });

  it('gives up after its time limit', async () => {
    const slow = createServer(() => undefined);
    await new Promise<void>((r) => slow.listen(0, '127.0.0.1', r));
    try {
      await expect(callWebhook({ url: `http://127.0.0.1:${(slow.address() as AddressInfo).port}/`, body: {}, timeoutMs: 300, allowInternal: true })).rejects.toThrow(/300 毫秒/);
    } finally {
      slow.closeAllConnections();
      await new Promise((r) => slow.close(r));
    }
  });
});
