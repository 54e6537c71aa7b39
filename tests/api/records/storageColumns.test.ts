/**
 * The server's tables follow the adapter's `storageColumns` (one source of truth): every demo
 * form's tables hold exactly the adapter's columns beside the system columns, and the choices
 * made where the two used to differ behave as the list needs them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { storageColumns, type StorageChildTable, type StorageColumn } from '../../../schema-adapters/records/storageColumns.js';
import { demoDefinitions } from '../../../src/server/records/seed/seedDemoForms.js';
import { recordsApp, type RecordsApp } from './support/recordsApp.js';

const MAIN_SYSTEM = ['id', 'tenant_id', 'sys_status', 'pid', 'create_by', 'create_user_id', 'create_dept_id', 'create_time', 'update_by', 'update_time', 'version'];
const CHILD_SYSTEM = ['id', 'tenant_id', 'parent_id', 'pid', 'row_order'];

let a: RecordsApp;
let schema: string;
beforeAll(async () => {
  a = await recordsApp();
  const t = await a.db.selectFrom('tenants').select('id').where('code', '=', 'DEFAULT').executeTakeFirstOrThrow();
  schema = `t_${t.id}`;
});
afterAll(async () => a?.close());

/** Uploads a small file the way the form's upload field does and answers its file entry. */
async function uploadQuote(): Promise<{ name: string; url: string; fileName: string }> {
  const boundary = 'fwstorage';
  const payload = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="报价单.txt"\r\nContent-Type: text/plain\r\n\r\n报价 80000 元\r\n--${boundary}--\r\n`);
  const res = await a.app.inject({ method: 'POST', url: '/api/common/upload', payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, authorization: `Bearer ${a.admin}` } });
  expect(res.statusCode).toBe(200);
  // The entry a page stores: display name, stored key and url (the server refuses one without the key).
  return { name: '报价单.txt', url: res.json().data.url, fileName: res.json().data.fileName };
}

async function tableColumns(table: string): Promise<string[]> {
  const r = await sql<{ column_name: string }>`SELECT column_name FROM information_schema.columns WHERE table_schema = ${schema} AND table_name = ${table}`.execute(a.db);
  return r.rows.map((c) => c.column_name).sort();
}

describe('storage columns come from the adapter', () => {
  it('every demo form table holds exactly the adapter columns plus the system columns', async () => {
    for (const def of demoDefinitions()) {
      const columns = storageColumns(def);
      const main = columns.filter((c): c is StorageColumn => c.kind !== 'childTable').map((c) => c.name);
      // A type-2 view's VIEW adds the source's id and name (`src_id`, `data_table`) to the system columns.
      const system = def.view ? [...MAIN_SYSTEM, 'src_id', 'data_table'] : MAIN_SYSTEM;
      expect(await tableColumns(def.enName), def.enName).toEqual([...system, ...main].sort());
      for (const child of columns.filter((c): c is StorageChildTable => c.kind === 'childTable')) {
        expect(await tableColumns(`${def.enName}$${child.name}`), `${def.enName}.${child.name}`).toEqual([...CHILD_SYSTEM, ...child.columns.map((c) => c.name)].sort());
      }
    }
  });

  it('radio, checkbox and timeOnly values search and sort without companions; a cascader matches any level', async () => {
    const base: Record<string, unknown> = { title: '存储列测试', applicant: 1, est_amount: 80000, need_date: '2026-11-30', urgent_reason: '工期紧' };
    const add = async (extra: Record<string, unknown>) => {
      const r = await a.call(a.admin, 'POST', '/api/auto/purchase_request/add', { formName: 'purchase_request', data: { ...base, ...extra } });
      expect(r.status, JSON.stringify(r.json)).toBe(200);
    };
    Object.assign(base, { attachments: [await uploadQuote()] });
    const users = await a.call(a.admin, 'POST', '/api/auto/purchase_request/list', { pageSize: 1 });
    base.applicant = users.json.rows[0].applicant;
    await add({ title: '存储列甲', urgency: 'critical', countersign: ['legal'], delivery_time: '06:05:00', category: ['equipment', 'crane'] });
    await add({ title: '存储列乙', urgency: 'critical', countersign: ['legal', 'finance'], delivery_time: '23:59:59', category: ['material', 'steel'] });
    const list = (body: Record<string, unknown>) => a.call(a.admin, 'POST', '/api/auto/purchase_request/list', {
      pageSize: 100, ...body, searchConList: [{ enName: 'title', title: '存储列' }, ...((body.searchConList as unknown[]) ?? [])],
    });
    const sorted = await list({ sysOrderBy: { field: 'delivery_time', order: 'asc' } });
    expect(sorted.status).toBe(200);
    expect(sorted.json.rows.map((r: any) => r.delivery_time)).toEqual(['06:05:00', '23:59:59']);
    expect(sorted.json.rows[0]).not.toHaveProperty('urgency$view');
    const late = await list({ searchConList: [{ enName: 'delivery_time', delivery_time$start: '12:00:00', delivery_time$end: '23:59:59' }] });
    expect(late.json.rows.map((r: any) => r.title), JSON.stringify(late.json).slice(0, 300)).toEqual(['存储列乙']);
    const finance = await list({ searchConList: [{ enName: 'countersign', countersign: ['finance'], searchType: 'equal' }] });
    expect(finance.json.rows.map((r: any) => r.title), JSON.stringify(finance.json).slice(0, 300)).toEqual(['存储列乙']);
    const byCheckbox = await list({ sysOrderBy: { field: 'countersign', order: 'desc' } });
    expect(byCheckbox.status).toBe(200);
    const machines = await list({ searchConList: [{ enName: 'category', category: ['equipment'], searchType: 'equal' }] });
    expect(machines.json.rows.map((r: any) => r.title), JSON.stringify(machines.json).slice(0, 300)).toEqual(['存储列甲']);
    expect(machines.json.rows[0].category$view).toBe('机械设备/塔吊');
  });

  it('an address keeps its place names for the list and the keyword search', async () => {
    const list = await a.call(a.admin, 'POST', '/api/auto/contract_ledger/list', { pageSize: 100 });
    const row = list.json.rows.find((r: any) => Array.isArray(r.site_address) && r.site_address.length === 3);
    expect(row, 'a sample contract with a site address').toBeTruthy();
    expect(row.site_address$view.split('/')).toHaveLength(3);
    const district = row.site_address$view.split('/')[2];
    const found = await a.call(a.admin, 'POST', '/api/auto/contract_ledger/list', { pageSize: 100, keyword: district });
    expect(found.json.rows.map((r: any) => r.id)).toContain(row.id);
  });
});
