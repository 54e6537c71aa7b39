/**
 * Printing works out of the box in the demo (issue 27 item 1): every demo form has the template
 * 标准打印 with an HTML body and a Word document, filled with the printed record; and migration
 * 160 turns the fixed link `id=1` of the demo 合同台账's 打印 into the ticked row's `id=${id}`,
 * on that button only. PGlite and PostgreSQL.
 */
import PizZip from 'pizzip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate } from '../../../src/server/db/migrate.js';
import { recordsApp, type RecordsApp } from '../records/support/recordsApp.js';
import { demoDefinitions } from '../../../src/server/records/seed/seedDemoForms.js';
import { viewSpecOf } from '../../../schema-adapters/definition/views.js';

/** The demo forms that print (a view over other forms prints from those). */
const printable = () => demoDefinitions().filter((d) => !viewSpecOf(d));

let a: RecordsApp;

beforeAll(async () => {
  a = await recordsApp();
});
afterAll(async () => a?.close());

/** The text of a Word document's body, runs joined. */
const wordText = (bytes: Buffer) => (new PizZip(bytes).file('word/document.xml')!.asText().match(/<w:t[^>]*>[^<]*<\/w:t>/g) ?? []).map((t) => t.replace(/<[^>]+>/g, '')).join('');

describe('the demo print templates', () => {
  it('every demo form (views over other forms aside), in every tenant, has 标准打印 with a Word document', async () => {
    const names = printable().map((d) => d.enName).sort();
    for (const token of [a.admin, a.admin2]) {
      const rows = (await a.call(token, 'GET', '/api/print/template/list')).json.rows as { formName: string; name: string; docxName: string }[];
      const demo = rows.filter((r) => names.includes(r.formName));
      expect(demo.map((r) => r.formName).sort()).toEqual(names);
      expect(demo.every((r) => r.name === '标准打印' && r.docxName.endsWith('.docx'))).toBe(true);
    }
  });

  it('prints the chosen 合同台账 record: bordered table with its values and its sub-form rows, and the same in Word', async () => {
    const rows = (await a.call(a.admin, 'POST', '/api/auto/contract_ledger/list', { pageNum: 1, pageSize: 100 })).json.rows as Record<string, unknown>[];
    const row = rows.find((x) => x.id !== 1)!;
    const r = await a.call(a.admin, 'POST', '/api/print/form/contract_ledger/render', { ids: [row.id] });
    expect(r.status, JSON.stringify(r.json)).toBe(200);
    const { html } = r.json.data.sheets[0] as { html: string };
    expect(html).toContain('<table border="1" class="demo-print">');
    expect(html).toContain(`记录号 ${row.id}`);
    expect(html).toContain(String(row.contract_name));
    expect(html).not.toMatch(/\{\{/);
    const detail = (await a.call(a.admin, 'GET', `/api/auto/contract_ledger/${row.id}`)).json.data as Record<string, unknown>;
    const subRows = Object.values(detail).find((v) => Array.isArray(v) && v.length && typeof v[0] === 'object') as unknown[] | undefined;
    if (subRows) expect(html.match(/<tr>/g)?.length).toBeGreaterThan(subRows.length);
    const word = await a.request({ method: 'POST', url: '/api/print/form/contract_ledger/docx', token: a.admin, body: { ids: [row.id] } });
    expect(word.statusCode, word.body).toBe(200);
    const text = wordText(word.rawPayload);
    expect(text).toContain(`记录号 ${row.id}`);
    expect(text).toContain(String(row.contract_name));
    expect(text).not.toContain('{{');
  });

  it('every demo form with records renders its first record in HTML and Word', async () => {
    for (const def of printable()) {
      const rows = (await a.call(a.admin, 'POST', `/api/auto/${def.enName}/list`, { pageNum: 1, pageSize: 1 })).json.rows as { id: number }[];
      if (!rows?.length) continue;
      const html = await a.call(a.admin, 'POST', `/api/print/form/${def.enName}/render`, { ids: [rows[0].id] });
      expect(html.status, `${def.enName}: ${JSON.stringify(html.json)}`).toBe(200);
      expect(html.json.data.sheets[0].html, def.enName).toContain(def.cnName);
      const word = await a.request({ method: 'POST', url: `/api/print/form/${def.enName}/docx`, token: a.admin, body: { ids: [rows[0].id] } });
      expect(word.statusCode, `${def.enName}: ${word.body}`).toBe(200);
      expect(wordText(word.rawPayload), def.enName).toContain(def.cnName);
    }
  });
});

describe('migration 160: the demo 合同台账 打印 prints the ticked row', () => {
  type Def = { buttons: { id: number; name: string; sysAction?: string; info?: string }[] };
  const forms = () => a.db.selectFrom('form_definitions').select(['id', 'tenant_id', 'en_name', 'definition', 'version']).orderBy('id').execute();
  const setInfo = async (enName: string, buttonId: number, info: string) => {
    for (const f of (await forms()).filter((x) => x.en_name === enName)) {
      const def = f.definition as unknown as Def;
      const buttons = def.buttons.map((b) => (b.id === buttonId ? { ...b, info } : b));
      await a.db.updateTable('form_definitions').set({ definition: JSON.stringify({ ...def, buttons }) as never }).where('id', '=', f.id).execute();
    }
  };
  const printInfo = async (enName: string) => (await forms()).filter((f) => f.en_name === enName)
    .map((f) => (f.definition as unknown as Def).buttons.find((b) => b.sysAction === 'print')?.info);

  it('fixes id=1 of the seeded button in every tenant, stores a version, and leaves other fixed links alone', async () => {
    // As seeded before: the demo button's fixed link; and an administrator's own fixed link elsewhere.
    await setInfo('contract_ledger', 103, 'id=1');
    const purchase = (await forms()).find((f) => f.en_name === 'purchase_request')!;
    const pDef = purchase.definition as unknown as Def & Record<string, unknown>;
    await a.db.updateTable('form_definitions').set({ definition: JSON.stringify({ ...pDef, buttons: [...(pDef.buttons ?? []), { id: 900, name: '打印', sysAction: 'print', info: 'id=1', topShow: true }] }) as never }).where('id', '=', purchase.id).execute();
    expect(await printInfo('contract_ledger')).toEqual(['id=1', 'id=1']);
    const before = await forms();
    const ledgerId = before.find((f) => f.en_name === 'contract_ledger' && f.tenant_id === before[0].tenant_id)!.id;
    const versionsBefore = (await a.call(a.admin, 'GET', `/api/flowable/form/${ledgerId}/versions`)).json.data as { version: number }[];

    await a.db.deleteFrom('schema_migrations').where('id', '=', 160).execute();
    expect(await migrate(a.db)).toEqual([160]);

    expect(await printInfo('contract_ledger')).toEqual(['id=${id}', 'id=${id}']);
    expect(((await forms()).find((f) => f.id === purchase.id)!.definition as unknown as Def).buttons.find((b) => b.id === 900)?.info).toBe('id=1');
    const after = await forms();
    // Only the two 合同台账 definitions changed, each by one version.
    for (const f of after) {
      const old = before.find((b) => b.id === f.id)!;
      if (f.en_name === 'contract_ledger') expect(f.version).toBe(old.version + 1);
      else expect(f).toEqual(old);
    }
    const versions = (await a.call(a.admin, 'GET', `/api/flowable/form/${ledgerId}/versions`)).json.data as { version: number; savedBy?: string }[];
    expect(versions.length).toBe(versionsBefore.length + 1);
    expect(JSON.stringify(versions[0])).toContain('系统升级');
    // The served definition carries the fix (migrations run before the app serves).
    const def = (await a.call(a.admin, 'GET', `/api/flowable/form/${ledgerId}`)).json.data;
    expect(JSON.stringify(def)).toContain('id=${id}');

    // Run again: nothing left to fix, nothing changes.
    await a.db.deleteFrom('schema_migrations').where('id', '=', 160).execute();
    expect(await migrate(a.db)).toEqual([160]);
    expect(await forms()).toEqual(after);
  });
});

describe('migration 161: demo forms seeded before 标准打印 get it, administrators\' templates stay', () => {
  type Tpl = { id: number; tenant_id: number; form_name: string; name: string; body: string; docx_name: string; update_time: Date };
  const templates = async () => (await a.db.selectFrom('print_templates').select(['id', 'tenant_id', 'form_name', 'name', 'body', 'docx_name', 'update_time']).orderBy('id').execute()) as Tpl[];
  const run = async () => {
    await a.db.deleteFrom('schema_migrations').where('id', '=', 161).execute();
    expect(await migrate(a.db)).toEqual([161]);
  };

  it('adds 标准打印 (HTML and Word) where a demo form has no template, in every tenant, once; prints with it', async () => {
    const names = printable().map((d) => d.enName);
    const [ledger, purchase, ...rest] = names;
    expect(rest.length).toBeGreaterThan(0);
    // As a database seeded before migration 160 looks: no demo template anywhere.
    await a.db.deleteFrom('print_templates').where('form_name', 'in', names).execute();
    // An administrator's own template on one demo form, and an edited 标准打印 on another (tenant 1 only).
    const tenant = (await a.db.selectFrom('form_definitions').select('tenant_id').orderBy('id').executeTakeFirstOrThrow()).tenant_id;
    const own = await a.call(a.admin, 'POST', '/api/print/template', { formName: ledger, name: '管理员模版', body: '<p>{{contract_name}}</p>' });
    expect(own.status, JSON.stringify(own.json)).toBe(200);
    const edited = await a.call(a.admin, 'POST', '/api/print/template', { formName: purchase, name: '标准打印', body: '<p>管理员改过的</p>' });
    expect(edited.status, JSON.stringify(edited.json)).toBe(200);
    const before = await templates();

    await run();

    const after = await templates();
    // What the administrator had is untouched and not joined by a second template.
    for (const t of before) expect(after.find((x) => x.id === t.id)).toEqual(t);
    expect(after.filter((t) => t.tenant_id === tenant && t.form_name === ledger).map((t) => t.name)).toEqual(['管理员模版']);
    expect(after.filter((t) => t.tenant_id === tenant && t.form_name === purchase).map((t) => t.body)).toEqual(['<p>管理员改过的</p>']);
    // Every other demo form of every tenant has exactly one 标准打印 with a Word document.
    const tenants = [...new Set(after.map((t) => t.tenant_id))];
    expect(tenants.length).toBe(2);
    for (const t of tenants) {
      for (const name of names) {
        if (t === tenant && (name === ledger || name === purchase)) continue;
        const got = after.filter((x) => x.tenant_id === t && x.form_name === name);
        expect(got.map((x) => x.name), `${t} ${name}`).toEqual(['标准打印']);
        expect(got[0].docx_name, name).toMatch(/\.docx$/);
        expect(got[0].body, name).toContain('class="demo-print"');
      }
    }
    // The added template prints the chosen record, in HTML and Word.
    const form = rest[0];
    const row = ((await a.call(a.admin, 'POST', `/api/auto/${form}/list`, { pageNum: 1, pageSize: 1 })).json.rows as { id: number }[])[0];
    const html = await a.call(a.admin, 'POST', `/api/print/form/${form}/render`, { ids: [row.id] });
    expect(html.status, JSON.stringify(html.json)).toBe(200);
    expect(html.json.data.sheets[0].html).toContain(`记录号 ${row.id}`);
    const word = await a.request({ method: 'POST', url: `/api/print/form/${form}/docx`, token: a.admin, body: { ids: [row.id] } });
    expect(word.statusCode, word.body).toBe(200);
    expect(wordText(word.rawPayload)).toContain(`记录号 ${row.id}`);

    // Run again: every demo form has a template, nothing is added or changed.
    await run();
    expect(await templates()).toEqual(after);
  });
});
