// Issue 26 item 3: no upload can kill the server. The malicious files are made here (zipBombs.ts):
// the reported 8.4 MB xlsx whose shared strings inflate to 6 GB, the same lying about its sizes,
// and files over each row/column/cell/ratio limit, through every import path (serial numbers,
// related forms, sub-form sheets, plain forms, CSV, the users import).
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMPORT_LIMITS, LIMIT_MESSAGES } from '../../../src/server/records/io/importLimits.js';
import { recordsApp, type RecordsApp } from '../records/support/recordsApp.js';
import { countRows, createForm, multipartFile, postImport, runImport, workbook } from './ioSupport.js';
import { part, repeatedDeflate, sharedStringsBomb, sheetPart, workbookParts, zip } from './zipBombs.js';

let a: RecordsApp;
const FORMS = ['lim_serial', 'lim_related', 'lim_subs', 'lim_plain'];

async function form(enName: string, fields: unknown[]): Promise<void> {
  const r = await a.call(a.admin, 'POST', '/api/flowable/form', { enName, cnName: enName, fields });
  if (r.status !== 200) throw new Error(JSON.stringify(r.json));
}

async function usersImport(file: Buffer, name = 'users.xlsx') {
  const m = multipartFile(name, file);
  const res = await a.app.inject({ method: 'POST', url: '/api/system/user/importData', headers: { authorization: `Bearer ${a.admin}`, ...m.headers }, payload: m.payload });
  return { status: res.statusCode, json: res.json() };
}

/** The server still answers (and with the same data) after a hostile file. */
async function stillServes(): Promise<void> {
  const r = await a.call(a.admin, 'POST', '/api/auto/lim_plain/list', { pageNum: 1, pageSize: 1 });
  expect(r.status).toBe(200);
}

beforeAll(async () => {
  a = await recordsApp();
  await form('lim_plain', [{ enName: 'title', label: '标题', funcType: 'input' }]);
  await form('lim_serial', [{ enName: 'title', label: '标题', funcType: 'input' }, { enName: 'no', label: '单号', funcType: 'serialNumber', format: 'HT-{seq:4}' }]);
  await form('lim_related', [{ enName: 'title', label: '标题', funcType: 'input' }, { enName: 'ref', label: '关联', funcType: 'relatedForm', relateEnName: 'lim_plain', relateField: 'title' }]);
  await createForm(a, 'lim_subs');
});
afterAll(async () => {
  await a?.close();
});

describe('import limits (issue 26 item 3)', () => {
  it('the reported 8.4 MB file (6 GB of shared strings) is refused at upload, on every path, before any job', async () => {
    const bomb = sharedStringsBomb();
    expect(bomb.length).toBeLessThan(9 * 1024 * 1024);
    for (const f of FORMS) {
      const r = await postImport(a, f, 'bomb.xlsx', bomb, false);
      expect(r.status, f).toBe(400);
      expect(r.json.msg, f).toBe(LIMIT_MESSAGES.sharedStringsBytes);
    }
    expect((await usersImport(bomb)).json.msg).toBe(LIMIT_MESSAGES.sharedStringsBytes);
    expect((await sql<{ n: number }>`SELECT count(*)::int AS n FROM jobs`.execute(a.db)).rows[0].n).toBe(0);
    await stillServes();
  });

  it('a zip that declares less than it inflates is stopped by the bytes actually inflated (worker and API thread)', async () => {
    // 8.6 MB on disk, 6 GB inflated, declared as 1,000 bytes: read in the bounded worker.
    const lyingBig = sharedStringsBomb(1_200_000, 5000, 1000);
    // 16 KB on disk, 10 MB inflated, declared as 500 bytes: verified on the API's thread.
    const lyingSmall = sharedStringsBomb(2000, 5000, 500);
    for (const file of [lyingBig, lyingSmall]) {
      for (const f of FORMS) {
        const r = await runImport(a, f, 'lie.xlsx', file, true);
        expect(r.status, f).toBe(200);
        expect(r.job.status, f).toBe('failed');
        expect(r.job.error, f).toBe(LIMIT_MESSAGES.inflated);
      }
    }
    expect((await usersImport(lyingSmall)).json.msg).toBe(LIMIT_MESSAGES.inflated);
    await stillServes();
  });

  it('refuses a part inflating over its ratio, and too many parts, at upload', async () => {
    const unit = '<row><c><v>1</v></c></row>';
    const sheet = { name: 'xl/worksheets/sheet1.xml', data: repeatedDeflate('<worksheet><sheetData>', unit, 400_000, '</sheetData></worksheet>', 4000), size: 0 };
    sheet.size = 22 + unit.length * 400_000 + 24;
    expect(sheet.size / sheet.data.length).toBeGreaterThan(IMPORT_LIMITS.ratio);
    const ratio = await postImport(a, 'lim_serial', 'ratio.xlsx', zip(workbookParts(sheet)), true);
    expect(ratio).toMatchObject({ status: 400, json: { msg: LIMIT_MESSAGES.ratio } });
    const many = zip([...workbookParts(sheetPart([['标题'], ['甲']])), ...Array.from({ length: IMPORT_LIMITS.entries }, (_, i) => part(`xl/media/p${i}.xml`, 'x'))]);
    expect((await postImport(a, 'lim_serial', 'many.xlsx', many, true))).toMatchObject({ status: 400, json: { msg: LIMIT_MESSAGES.entries } });
    expect((await postImport(a, 'lim_serial', 'fake.xlsx', Buffer.from('not a zip at all'), true))).toMatchObject({ status: 400, json: { msg: LIMIT_MESSAGES.notZip } });
  });

  it('refuses rows, columns and cells over the limits with their Chinese messages, writing nothing', async () => {
    const wide = Array.from({ length: IMPORT_LIMITS.columns + 1 }, (_, i) => `列${i}`);
    const cases: [string, Buffer, string][] = [
      ['wide.csv', Buffer.from(`${wide.join(',')}\n`), LIMIT_MESSAGES.columns],
      ['long.csv', Buffer.from(`标题\n${'长'.repeat(IMPORT_LIMITS.cellChars + 1)}\n`), LIMIT_MESSAGES.cellChars(2)],
      ['wide.xlsx', zip(workbookParts(sheetPart([wide]))), LIMIT_MESSAGES.columns],
      ['long.xlsx', zip(workbookParts(sheetPart([['标题'], ['长'.repeat(IMPORT_LIMITS.cellChars + 1)]]))), LIMIT_MESSAGES.cellChars(2)],
      ['deep.xlsx', zip(workbookParts(sheetPart([['标题'], ['甲']], [1, IMPORT_LIMITS.rows + 1]))), LIMIT_MESSAGES.rows],
    ];
    for (const f of ['lim_serial', 'lim_plain', 'lim_subs']) {
      for (const [name, file, msg] of cases) {
        const r = await runImport(a, f, name, file, false);
        expect(r.job?.status, `${f} ${name}`).toBe('failed');
        expect(r.job.error, `${f} ${name}`).toBe(msg);
      }
      expect(await countRows(a, f)).toBe(0);
    }
    await stillServes();
  });

  it('an ordinary file still imports on every path (small on the API thread, larger in the worker)', async () => {
    const small = workbook([['标题'], ['甲'], ['乙']]);
    const larger = workbook([['标题'], ...Array.from({ length: 60_000 }, (_, i) => [`行${i}-${'x'.repeat(10)}`])]);
    expect(larger.length).toBeGreaterThan(IMPORT_LIMITS.smallFileBytes);
    for (const [f, file, n] of [['lim_serial', small, 2], ['lim_serial', larger, 60_000]] as const) {
      const r = await runImport(a, f, 'ok.xlsx', file, true);
      expect(r.job.result, f).toMatchObject({ success: true, total: n });
    }
  });
});
