/**
 * Seed step: the demo forms of fixtures/forms for every tenant, each with a menu entry,
 * permissions for the staff role, and believable sample records saved through the same
 * service the API uses (so rules, serial numbers and `$view` companions apply), and a print
 * template with a Word document (demoPrintTemplates). Generic values
 * by type (sampleValues) are made coherent per form (demoShapes); their files are real files in
 * the upload store (sampleFiles), so every seeded file entry downloads.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.js';
import type { FormDefinition } from '../../../../schema-adapters/definition/types.js';
import { viewSpecOf } from '../../../../schema-adapters/definition/views.js';
import type { AuthUser } from '../../auth/types.js';
import type { FileStore } from '../../files/fileStore.js';
import { HttpError } from '../../http/HttpError.js';
import { addFormMenu } from '../../services/seed/seedMenus.js';
import { grantRolePermissions } from '../../services/seed/helpers.js';
import type { SeedStep, SeedTenant } from '../../services/seed/types.js';
import { sampleSources, tenantAdmin } from '../repositories/sampleSources.js';
import { createForm } from '../services/formDefinitions.js';
import { loadModel } from '../services/recordContext.js';
import { addRecord } from '../services/recordWrite.js';
import { addDemoPrintTemplate } from './demoPrintTemplates.js';
import { demoSampleCount, shapeDemoRecord } from './demoShapes.js';
import type { SeededRecord } from './shapeContext.js';
import { sampleFileWriter } from './sampleFiles.js';
import { today } from './sampleFormats.js';
import { random, sampleRecord, type SamplePools } from './sampleValues.js';

const formsDir = new URL('../../../../fixtures/forms/', import.meta.url);

/** Sample records per demo form. */
export const SAMPLE_RECORDS = 12;

/** The fixture definitions, those that others point at (relatedForm) first. */
export function demoDefinitions(): FormDefinition[] {
  const dir = fileURLToPath(formsDir);
  const defs = readdirSync(dir).filter((f) => f.endsWith('.json')).sort().map((f) => JSON.parse(readFileSync(`${dir}/${f}`, 'utf8')) as FormDefinition);
  const refs = (d: FormDefinition): string[] => {
    const out: string[] = [];
    const walk = (fs: FormDefinition['fields']) => fs.forEach((f) => { if (f.relateEnName) out.push(String(f.relateEnName)); if (f.children) walk(f.children); });
    walk(d.fields);
    // A type-2 view's sources are created before it.
    out.push(...(viewSpecOf(d)?.sources ?? []));
    return out;
  };
  const ordered: FormDefinition[] = [];
  const place = (d: FormDefinition, seen: Set<string>) => {
    if (ordered.includes(d) || seen.has(d.enName)) return;
    seen.add(d.enName);
    for (const r of refs(d)) { const dep = defs.find((x) => x.enName === r); if (dep) place(dep, seen); }
    ordered.push(d);
  };
  for (const d of defs) place(d, new Set());
  return ordered;
}

async function pools(db: Kysely<Database>, tenantId: number): Promise<SamplePools> {
  const { users, depts, constants: consts, places } = await sampleSources(db, tenantId);
  const constants = new Map<string, number[]>();
  for (const c of consts) constants.set(String(c.parent_id), [...(constants.get(String(c.parent_id)) ?? []), Number(c.id)]);
  return {
    userIds: users.map((u) => Number(u.id)), deptIds: depts.map((d) => Number(d.id)), constants,
    constantNames: new Map(consts.map((c) => [Number(c.id), c.name])),
    userDepts: new Map(users.map((u) => [Number(u.id), u.dept_id === null ? null : Number(u.dept_id)])),
    records: new Map(), addresses: places.map((a) => [Number(a.p), Number(a.c), Number(a.d)]),
  };
}

/** The tenant's admin as the demo's writes act (null when the tenant has none). */
export async function adminOf(db: Kysely<Database>, tenant: SeedTenant): Promise<AuthUser | null> {
  const row = await tenantAdmin(db, tenant.id);
  if (!row) return null;
  return {
    userId: Number(row.id), userName: row.user_name, nickName: row.nick_name, tenantId: tenant.id, tenantCode: tenant.code, tenantName: tenant.name,
    deptId: row.dept_id === null ? null : Number(row.dept_id), roleKeys: ['admin'], roleNames: ['超级管理员'], permissions: ['*:*:*'], token: '',
  };
}

/** Creates one tenant's demo forms and records (exported for tests that seed extra tenants). */
export async function seedTenantForms(db: Kysely<Database>, tenant: SeedTenant, log: (m: string) => void = () => {}, files?: FileStore): Promise<void> {
  const admin = await adminOf(db, tenant);
  if (!admin) return;
  const pool = await pools(db, tenant.id);
  const file = sampleFileWriter(files, tenant.id);
  const seeded = new Map<string, SeededRecord[]>();
  const day = today();
  let order = 1;
  for (const def of demoDefinitions()) {
    await createForm(db, { tenantId: tenant.id, userName: 'admin' }, def);
    await addFormMenu(db, tenant.id, { enName: def.enName, cnName: def.cnName, orderNum: order++ });
    await grantRolePermissions(db, tenant.id, 'staff', ['query', 'add', 'edit', 'print', 'export'].map((a) => `auto:${def.enName}:${a}`));
    // 打印 works out of the box: an HTML and a Word template for every demo form (issue 27 item 1);
    // a view's rows are its sources' records, printed from their own forms.
    if (!viewSpecOf(def)) await addDemoPrintTemplate(db, tenant.id, def);
    // A view shows its sources' records: it has none of its own to seed.
    if (viewSpecOf(def)) continue;
    const model = await loadModel(db, tenant.id, def.enName);
    const r = random(tenant.id * 7919 + def.enName.length * 131);
    const ids: number[] = [];
    const records: SeededRecord[] = [];
    seeded.set(def.enName, records);
    const count = demoSampleCount(def.enName, seeded, SAMPLE_RECORDS);
    for (let i = 0; i < count; i++) {
      try {
        const data = sampleRecord(def.fields, r, i, pool);
        await shapeDemoRecord(def.enName, data, { r, i, pools: pool, today: day, file, seeded, company: tenant.name });
        const { id } = await addRecord(db, model, { user: admin }, { data });
        ids.push(id);
        records.push({ id, data });
      } catch (err) {
        // A sample that breaks a conditional rule of the form is skipped, not forced in.
        if (!(err instanceof HttpError)) throw err;
        log(`sample record ${def.enName} #${i} skipped: ${err.message}`);
      }
    }
    pool.records.set(def.enName, ids);
    log(`demo form ${def.enName}: ${ids.length} records in ${tenant.code}`);
  }
}

/** The seed step that creates the demo forms and their sample records for every tenant. */
export const seedDemoForms: SeedStep = {
  name: 'demo-forms',
  async run(ctx) {
    for (const t of ctx.tenants) await seedTenantForms(ctx.db, t, ctx.log, ctx.files);
  },
};
