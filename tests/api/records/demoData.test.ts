/**
 * The demo data a user sees on first start is believable: money adds up, codes have their real
 * formats, dates are in order, and every seeded file entry downloads (a real stored file).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FieldDefinition } from '../../../schema-adapters/definition/types.js';
import { demoDefinitions, SAMPLE_RECORDS } from '../../../src/server/records/seed/seedDemoForms.js';
import { INVOICE_TYPE_CODES } from '../../../src/shared/invoiceTypes.js';
import { seedDemoColumnFill } from '../../../src/server/records/seed/fillDemoColumns.js';
import { fileStoreFor } from '../../../src/server/files/openFileStore.js';
import { runSeed } from '../../../src/server/services/seed/index.js';
import { recordsApp, type RecordsApp } from './support/recordsApp.js';

let a: RecordsApp;
beforeAll(async () => { a = await recordsApp(); });
afterAll(async () => a?.close());

const FILE_TYPES = new Set(['upload', 'invoice', 'idCard']);
const cents = (n: number) => Math.round(n * 100) / 100;

async function details(token: string, form: string): Promise<any[]> {
  const list = await a.call(token, 'POST', `/api/auto/${form}/list`, { pageSize: 100 });
  expect(list.status, form).toBe(200);
  const out = [];
  for (const row of list.json.rows) out.push((await a.call(token, 'GET', `/api/auto/${form}/${row.id}`)).json.data);
  return out;
}

/** Every file entry of a record, sub-form rows included. */
function fileEntries(fields: FieldDefinition[], rec: Record<string, any>): any[] {
  const out: any[] = [];
  for (const f of fields) {
    if (f.funcType === 'subForm') for (const row of rec[f.enName] ?? []) out.push(...fileEntries(f.children ?? [], row));
    else if (FILE_TYPES.has(f.funcType) && Array.isArray(rec[f.enName])) out.push(...rec[f.enName]);
  }
  return out;
}

const CREDIT_CHARS = '0123456789ABCDEFGHJKLMNPQRTUWXY';
const CREDIT_WEIGHTS = [1, 3, 9, 27, 19, 26, 16, 17, 20, 29, 25, 13, 8, 24, 10, 30, 28];
function validCreditCode(code: string): boolean {
  if (!/^[0-9A-HJ-NPQRTUWXY]{18}$/.test(code)) return false;
  const sum = [...code.slice(0, 17)].reduce((s, c, i) => s + CREDIT_CHARS.indexOf(c) * CREDIT_WEIGHTS[i], 0);
  return code[17] === CREDIT_CHARS[(31 - (sum % 31)) % 31];
}

describe('demo data', () => {
  it('every demo form has all its sample records, and every seeded file downloads with 200 in its tenant only', async () => {
    let files = 0;
    for (const def of demoDefinitions()) {
      for (const [token, other] of [[a.admin, a.admin2], [a.admin2, a.admin]]) {
        const records = await details(token, def.enName);
        // A type-2 view built over source forms (def.view) shows the records of its sources.
        // 发票台账 holds one invoice of each of spec 02 §9's 14 type codes.
        const own = def.enName === 'auto_fptz' ? INVOICE_TYPE_CODES.length : SAMPLE_RECORDS;
        expect(records.length, def.enName).toBe(def.view ? SAMPLE_RECORDS * def.view.sources.length : own);
        for (const rec of records) {
          for (const entry of fileEntries(def.fields, rec)) {
            files++;
            expect(entry.url, `${def.enName} #${rec.id}`).toBe(`/api/common/download?fileName=${encodeURIComponent(entry.fileName)}`);
            const got = await a.app.inject({ method: 'GET', url: entry.url, headers: { authorization: `Bearer ${token}` } });
            expect(got.statusCode, `${def.enName} #${rec.id} ${entry.name}`).toBe(200);
            expect(got.rawPayload.length).toBe(entry.size);
            const magic = got.rawPayload.subarray(0, 4).toString('latin1');
            expect(magic, entry.name).toBe(entry.name.endsWith('.png') ? '\x89PNG' : '%PDF');
            const foreign = await a.app.inject({ method: 'GET', url: entry.url, headers: { authorization: `Bearer ${other}` } });
            expect(foreign.statusCode).toBe(404);
          }
        }
      }
    }
    expect(files).toBeGreaterThan(40);
  });

  it('required file fields always carry a stored file', async () => {
    for (const rec of await details(a.admin, 'auto_fptz')) expect(rec.invoice_file, `invoice #${rec.id}`).toHaveLength(1);
    for (const rec of await details(a.admin, 'purchase_request')) {
      if (rec.est_amount > 50000) expect(rec.attachments, `purchase #${rec.id}`).toHaveLength(1);
    }
    // 乙方法人身份证 (shown on labour contracts) is filled there (issue 27 item 12).
    const contracts = await details(a.admin, 'contract_ledger');
    expect(contracts.some((c) => c.contract_type === 'labour')).toBe(true);
    for (const c of contracts) {
      if (c.contract_type === 'labour') expect(c.legal_id_card, `contract #${c.id}`).toHaveLength(1);
      else expect(c.legal_id_card ?? null, `contract #${c.id}`).toBeNull();
    }
  });

  it('each demo invoice\'s attached file is recognised offline as that record (its own record is not a duplicate)', async () => {
    for (const rec of await details(a.admin, 'auto_fptz')) {
      const [entry] = rec.invoice_file;
      const file = await a.app.inject({ method: 'GET', url: entry.url, headers: { authorization: `Bearer ${a.admin}` } });
      const boundary = '----fwdemo';
      const payload = Buffer.concat([
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="invoice.pdf"\r\nContent-Type: application/pdf\r\n\r\n`),
        file.rawPayload, Buffer.from(`\r\n--${boundary}--\r\n`),
      ]);
      const res = await a.app.inject({
        method: 'POST', url: `/api/ocr/invoice/parse?recordId=${rec.id}`, payload,
        headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, authorization: `Bearer ${a.admin}` },
      });
      const label = `${rec.invoice_type} ${rec.invoice_no}`;
      expect(res.statusCode, `${label}: ${res.body}`).toBe(200);
      const { result } = res.json();
      expect(result.source, label).toBe('qr');
      expect(result.fields, label).toMatchObject({
        invoice_type_code: rec.invoice_type, invoice_no: rec.invoice_no, invoice_date: rec.invoice_date,
        amount: Number(rec.amount).toFixed(2), total: Number(rec.total).toFixed(2), seller: rec.seller, buyer: rec.buyer,
      });
      expect(result.fields.invoice_code ?? null, label).toBe(rec.invoice_code ?? null);
      expect(result.fields.check_code ?? null, label).toBe(rec.check_code ?? null);
    }
  }, 120_000);

  it('invoices: one of each of the 14 type codes, tax = amount × a VAT rate, total = amount + tax, real number formats, dated within the last year, a paid instalment\'s number', async () => {
    const contracts = new Map((await details(a.admin, 'contract_ledger')).map((c) => [c.id, c]));
    const today = new Date().toISOString().slice(0, 10);
    const yearAgo = new Date(Date.now() - 366 * 86_400_000).toISOString().slice(0, 10);
    const numbers = new Set<string>();
    const invoices = await details(a.admin, 'auto_fptz');
    expect(invoices.map((inv) => inv.invoice_type).sort()).toEqual([...INVOICE_TYPE_CODES].sort());
    const digital = ['31', '32', '183', '185', '186'];
    for (const inv of invoices) {
      const type = inv.invoice_type;
      // A used car's invoice (15) shows the price only.
      const rate = [0.13, 0.09, 0.06, 0.03, ...(type === '15' ? [0] : [])].find((r) => cents(inv.amount * r) === inv.tax);
      expect(rate, `invoice ${inv.invoice_no}: ${inv.amount} / ${inv.tax}`).toBeDefined();
      expect(inv.total).toBe(cents(inv.amount + inv.tax));
      expect(inv.invoice_date >= yearAgo && inv.invoice_date <= today, inv.invoice_date).toBe(true);
      if (digital.includes(type)) {
        expect(inv.invoice_no, type).toMatch(/^\d{20}$/);
        expect(inv.invoice_no.slice(0, 2)).toBe(inv.invoice_date.slice(2, 4));
        expect(inv.invoice_code ?? null, type).toBeNull();
      } else if (type === '17') {
        expect(inv.invoice_no).toMatch(/^\d{18}-L\d{2}$/);
        expect(inv.invoice_code ?? null).toBeNull();
      } else {
        expect(inv.invoice_no, type).toMatch(/^\d{8}$/);
        expect(inv.invoice_code).toMatch(/^0\d{11}$/);
        expect(inv.invoice_code.slice(5, 7)).toBe(inv.invoice_date.slice(2, 4));
      }
      if (type !== '17') expect(validCreditCode(inv.seller_tax_no), inv.seller_tax_no).toBe(true);
      expect(validCreditCode(inv.buyer_tax_no), inv.buyer_tax_no).toBe(true);
      expect(inv.buyer).toBe('华建工程有限公司');
      // spec 02 §4: 1 passed, -1 refused with its message, empty unchecked.
      expect([1, -1, null]).toContain(inv.check_status === undefined || inv.check_status === null ? null : Number(inv.check_status));
      expect(Boolean(inv.check_error)).toBe(String(inv.check_status) === '-1');
      if (inv.auth_status === 'authenticated') expect(inv.tax_period).toBe(inv.invoice_date.slice(0, 7).replace('-', ''));
      expect(numbers.has(inv.invoice_no)).toBe(false);
      numbers.add(inv.invoice_no);
      if (inv.contract === undefined || inv.contract === null) continue;
      const contract = contracts.get(inv.contract);
      expect(contract, `invoice ${inv.invoice_no} names a contract`).toBeDefined();
      expect(inv.seller).toBe(contract.party_b);
      expect(Number(contract.tax_rate) / 100).toBe(rate);
      const line = contract.payments.find((p: any) => p.invoice_no === inv.invoice_no);
      expect(line.paid).toBe(true);
      expect(Math.abs(cents(inv.total - line.pay_amount))).toBeLessThanOrEqual(0.01);
      expect(inv.invoice_date >= contract.sign_date && inv.invoice_date <= line.paid_date).toBe(true);
    }
    expect(invoices.filter((inv) => inv.contract).length, 'invoices of paid instalments').toBeGreaterThanOrEqual(4);
    expect(invoices.some((inv) => String(inv.check_status) === '-1')).toBe(true);
    expect(invoices.some((inv) => inv.auth_status === 'authenticated')).toBe(true);
  });

  it('contracts: payment lines add up to the amount, paid ≤ amount, dates in order; the summary agrees', async () => {
    const today = new Date().toISOString().slice(0, 10);
    const byName = new Map<string, any[]>();
    for (const c of await details(a.admin, 'contract_ledger')) {
      byName.set(c.contract_name, [...(byName.get(c.contract_name) ?? []), c]);
      expect([3, 6, 9, 13]).toContain(Number(c.tax_rate));
      expect(cents(c.payments.reduce((s: number, p: any) => s + p.pay_amount, 0)), JSON.stringify(c.payments)).toBe(c.amount);
      expect(c.payments.reduce((s: number, p: any) => s + p.pay_ratio, 0)).toBe(100);
      for (const p of c.payments) expect(p.pay_amount).toBeCloseTo((c.amount * p.pay_ratio) / 100, -1);
      const paid = c.payments.filter((p: any) => p.paid);
      expect(cents(paid.reduce((s: number, p: any) => s + p.pay_amount, 0))).toBeLessThanOrEqual(c.amount);
      expect(c.sign_date <= c.period$start && c.period$start < c.period$end && c.sign_date <= today).toBe(true);
      // 8-digit invoice numbers, or 20-digit 全电 ones (only on instalments of the last year).
      for (const p of paid) expect(p.paid_date >= c.sign_date && p.paid_date <= today && /^(\d{8}|\d{20})$/.test(p.invoice_no), JSON.stringify(p)).toBe(true);
      for (const p of c.payments.filter((x: any) => !x.paid)) expect(p.plan_date > today || p.paid_date == null).toBe(true);
    }
    for (const v of await details(a.admin, 'contract_payment_view')) {
      expect(v.paid_amount).toBeLessThanOrEqual(v.amount);
      expect(cents(v.paid_amount + v.unpaid_amount)).toBe(v.amount);
      // A summary row of a seeded contract shows that contract's paid total.
      const same = (byName.get(v.contract_name) ?? []).filter((c: any) => c.amount === v.amount);
      if (same.length) expect(same.map((c: any) => cents(c.payments.filter((p: any) => p.paid).reduce((s: number, p: any) => s + p.pay_amount, 0)))).toContain(v.paid_amount);
    }
  });

  it('合同付款汇总 sums the ledger: one row per contract, its footer totals equal 合同台账 and its paid lines', async () => {
    const contracts = await details(a.admin, 'contract_ledger');
    const rows = await details(a.admin, 'contract_payment_view');
    expect(contracts.length).toBeGreaterThan(0);
    expect(rows.map((v) => `${v.contract_name}|${v.amount}`).sort()).toEqual(contracts.map((c) => `${c.contract_name}|${c.amount}`).sort());
    const paidOf = (c: any) => c.payments.filter((p: any) => p.paid).reduce((s: number, p: any) => s + p.pay_amount, 0);
    const ledger = { amount: cents(contracts.reduce((s, c) => s + c.amount, 0)), paid_amount: cents(contracts.reduce((s, c) => s + paidOf(c), 0)) };
    const calc = { precision: 2, operation: ['sum'] };
    const r = await a.call(a.admin, 'POST', '/api/auto/contract_payment_view/getCalcdValue', { pageNum: 1, pageSize: 20, calcd: { amount: calc, paid_amount: calc, unpaid_amount: calc } });
    expect(r.status, JSON.stringify(r.json)).toBe(200);
    const sums = Object.fromEntries((r.json.data as { field: string; sum: number }[]).map((d) => [d.field, Number(d.sum)]));
    expect(sums.amount).toBe(ledger.amount);
    expect(sums.paid_amount).toBe(ledger.paid_amount);
    expect(sums.unpaid_amount).toBe(cents(ledger.amount - ledger.paid_amount));
  });

  it('purchases, goods, stock-in and project nodes are coherent with their labels', async () => {
    for (const p of await details(a.admin, 'purchase_request')) {
      const cost = cents(p.quantity * p.unit_price);
      if (p.over_budget_reason) expect(cost).toBeGreaterThan(p.est_amount);
      else expect(p.est_amount).toBeGreaterThanOrEqual(cost);
      if (p.urgency !== 'normal') expect(p.delivery_time).toMatch(/^\d{2}:\d{2}:00$/);
    }
    for (const form of ['auto_tzbk_btgl_btrk', 'auto_tzbk_btgl_wgbtrk']) {
      for (const s of await details(a.admin, form)) {
        expect(s.zl).toBe(cents(s.zl_before * s.ksbl));
        expect(s.ksbl).toBeGreaterThanOrEqual(0.95);
        expect(s.djrq.slice(0, 10)).toBe(s.sxrq);
        // Issue 12 item 13: a truck load in 千克 (18–45 t), and names, not generic samples like 消防设备12.
        expect(s.zl_before >= 18_000 && s.zl_before <= 45_000, `${form} ${s.zl_before}`).toBe(true);
        for (const text of [s.pz, s.djzz]) expect(text, form).not.toMatch(/\d+$/);
      }
      // 日编号: 1, 2, … among the slips received that day, as the stock-in drawer numbers them (issue 27 item 12).
      const byDay = new Map<string, string[]>();
      for (const s of await details(a.admin, form)) byDay.set(s.sxrq, [...(byDay.get(s.sxrq) ?? []), s.rbm]);
      for (const [day, numbers] of byDay) expect(numbers.sort(), `${form} ${day}`).toEqual(numbers.map((_, k) => String(k + 1)));
    }
    const nodes = await details(a.admin, 'project_wbs');
    // Budgets are in 万元: no single item (防水工程 …) above 150万, no project above 3亿, a sane total.
    for (const n of nodes) {
      expect(n.budget, n.node_name).toBeGreaterThanOrEqual(10);
      expect(n.budget, n.node_name).toBeLessThanOrEqual(n.node_type === 'item' ? 150 : 30_000);
    }
    expect(nodes.reduce((s, n) => s + Number(n.budget), 0)).toBeLessThan(120_000);
    for (const n of nodes) {
      if (n.state === 'planned') expect(n.progress).toBe(0);
      if (n.state === 'done') expect(n.progress).toBe(100);
      if (n.state === 'building') expect(n.progress > 0 && n.progress < 100).toBe(true);
      expect(n.plan_period$start < n.plan_period$end).toBe(true);
    }
    for (const g of await details(a.admin, 'auto_pthp')) {
      expect(g.price).toBeGreaterThan(0);
      expect(g.unit$view ?? g.unit).toBeTruthy();
    }
  });
});

describe('databases seeded before: the demo column fill (issue 27 item 12)', () => {
  const edit = async (form: string, id: number, data: Record<string, unknown>) => {
    const version = (await a.call(a.admin, 'GET', `/api/auto/${form}/${id}`)).json.data.version;
    const r = await a.call(a.admin, 'POST', `/api/auto/${form}/edit/${id}`, { formName: form, data, version });
    expect(r.status, JSON.stringify(r.json)).toBe(200);
  };
  const runFill = async () => {
    await a.db.deleteFrom('seed_steps').where('name', '=', seedDemoColumnFill.name).execute();
    expect(await runSeed(a.db, { adminPassword: 'unused', files: await fileStoreFor(a.config), steps: [seedDemoColumnFill] })).toEqual([seedDemoColumnFill.name]);
  };

  it('fills the empty 乙方法人身份证 of labour contracts and 日编号 of stock-in slips, once, leaving the rest and voided records alone', async () => {
    const labour = (await details(a.admin, 'contract_ledger')).filter((c) => c.contract_type === 'labour');
    expect(labour.length).toBeGreaterThanOrEqual(2);
    const [emptied, voided] = labour;
    const slips = await details(a.admin, 'auto_tzbk_btgl_btrk');
    const slip = slips[0];
    // As seeded before: no card, no day number; one of them voided since.
    for (const c of [emptied, voided]) await edit('contract_ledger', c.id, { legal_id_card: [] });
    await edit('auto_tzbk_btgl_btrk', slip.id, { rbm: null });
    expect((await a.call(a.admin, 'POST', '/api/auto/contract_ledger/invalid/', [voided.id])).json.msg).toBe('作废成功');
    const before = new Map((await details(a.admin, 'contract_ledger')).map((c) => [c.id, c]));
    expect(before.get(emptied.id).legal_id_card ?? []).toEqual([]);

    await runFill();

    const after = new Map((await details(a.admin, 'contract_ledger')).map((c) => [c.id, c]));
    const filled = after.get(emptied.id);
    expect(filled.legal_id_card).toHaveLength(1);
    expect(filled.legal_id_card[0].name).toBe(`${emptied.party_b}法人身份证.png`);
    const got = await a.app.inject({ method: 'GET', url: filled.legal_id_card[0].url, headers: { authorization: `Bearer ${a.admin}` } });
    expect(got.statusCode).toBe(200);
    expect(got.rawPayload.subarray(0, 4).toString('latin1')).toBe('\x89PNG');
    // Only the card changed: the payment lines and the other values stay, the version moved by one.
    const { legal_id_card: _a, version: v1, update_time: _t1, update_by: _b1, ...rest } = filled;
    const { legal_id_card: _c, version: v0, update_time: _t0, update_by: _b0, ...was } = before.get(emptied.id);
    expect(rest).toEqual(was);
    expect(Number(v1)).toBe(Number(v0) + 1);
    // Voided and other records are untouched.
    for (const [id, c] of before) if (id !== emptied.id) expect(after.get(id), `contract #${id}`).toEqual(c);
    const slipAfter = (await a.call(a.admin, 'GET', `/api/auto/auto_tzbk_btgl_btrk/${slip.id}`)).json.data;
    const sameDay = (await details(a.admin, 'auto_tzbk_btgl_btrk')).filter((s) => s.sxrq === slip.sxrq);
    expect(slipAfter.rbm).toMatch(/^\d+$/);
    expect(new Set(sameDay.map((s) => s.rbm)).size).toBe(sameDay.length);

    // Run again: nothing is empty, nothing changes.
    const settled = await details(a.admin, 'contract_ledger');
    await runFill();
    expect(await details(a.admin, 'contract_ledger')).toEqual(settled);
  });
});
