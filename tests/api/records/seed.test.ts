/** The demo seed: every fixture form exists in both tenants with sample records that list and read back. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordsApp, type RecordsApp } from './support/recordsApp.js';
import { demoDefinitions, SAMPLE_RECORDS } from '../../../src/server/records/seed/seedDemoForms.js';

let a: RecordsApp;
beforeAll(async () => { a = await recordsApp(); });
afterAll(async () => a?.close());

describe('demo forms', () => {
  it('each fixture form has its definition and sample records in both tenants', async () => {
    for (const def of demoDefinitions()) {
      for (const token of [a.admin, a.admin2]) {
        const d = await a.call(token, 'GET', `/api/flowable/form/en/${def.enName}`);
        expect(d.status, def.enName).toBe(200);
        const list = await a.call(token, 'POST', `/api/auto/${def.enName}/list`, { pageSize: 100 });
        expect(list.status, def.enName).toBe(200);
        expect(list.json.total, def.enName).toBeGreaterThanOrEqual(SAMPLE_RECORDS - 2);
        const detail = await a.call(token, 'GET', `/api/auto/${def.enName}/${list.json.rows[0].id}`);
        expect(detail.status, def.enName).toBe(200);
      }
    }
  });

  it('sample records carry server-computed display values', async () => {
    const list = await a.call(a.admin, 'POST', '/api/auto/contract_ledger/list', { pageSize: 5 });
    const row = list.json.rows[0];
    expect(typeof row.manager$view).toBe('string');
    expect(row.manager$view.length).toBeGreaterThan(0);
    expect(row.contract_no).toBeTruthy();
  });
});
