/**
 * GET /api/docs/openapi.json: the OpenAPI document generated from the route schemas validates
 * against the OpenAPI 3.1 schema, carries the contract's request and answer schemas, and is shown
 * to administrators only; /api/docs is the page that shows it.
 */
import { Validator } from '@seriousme/openapi-schema-validator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/testServer.js';

/**
 * Route prefixes whose plugins have no answer schemas yet (issue 13 item 1, src/server/README.md
 * "One contract"). Empty it as they are converted; every other route must declare its 200 answer.
 */
const PENDING: string[] = [
];

/**
 * Answers whose data may be a bare open object (no declared property): every key is written as
 * the server has it. Each is open for a reason; every other answer declares what it returns, so a
 * response schema cannot silently drop a field the client reads nor pass one it should not see.
 * A stored definition (a form version's too) takes forms.ts `FormDefinitionSchema`: open beyond
 * its fixed parts, so not bare.
 */
const OPEN_ANSWERS: Record<string, string> = {
  'GET /api/auto/{form}/{id}': 'a record of the form: its keys are the form\'s fields (records.ts RecordDetail)',
  'GET /api/auto/{form}/{id}/copy': 'a record of the form, as a copy (records.ts RecordDetail)',
  'POST /api/auto/{form}/list/ids': 'rows of the form: their keys are the form\'s fields (records.ts RowsAnswer)',
  'GET /api/user/config/get': 'the caller\'s own settings by key, each the JSON the client stored (system.ts UserConfigsAnswer)',
  'POST /api/ocr/idCard/parse': 'the recognition service\'s fields, passed on as it gives them (files.ts IdCardAnswer)',
};

type Schema = { type?: unknown; properties?: Record<string, Schema>; additionalProperties?: unknown; items?: Schema; anyOf?: Schema[]; oneOf?: Schema[]; patternProperties?: unknown };
/** An object schema that declares nothing and lets every key through. */
const bareOpen = (s: Schema | undefined): boolean =>
  !!s && s.type === 'object' && s.additionalProperties === true && !Object.keys(s.properties ?? {}).length && !s.patternProperties;
/** The data of an answer is bare open: itself, a list of them, or one branch of a union. */
const openData = (s: Schema | undefined): boolean =>
  !!s && (bareOpen(s) || openData(s.items) || (s.anyOf ?? s.oneOf ?? []).some(openData));

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login();
});
afterAll(async () => t?.close());

describe('the OpenAPI document', () => {
  it('is a valid OpenAPI 3.1 document with the routes and their schemas', async () => {
    const res = await t.request({ method: 'GET', url: '/api/docs/openapi.json', token: admin });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toBe('3.1.0');
    const result = await new Validator().validate(doc);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);

    // Requests: the user dialog's body with its rules, from src/shared/contract/users.ts.
    const addUser = doc.paths['/api/system/user'].post;
    const body = addUser.requestBody.content['application/json'].schema;
    expect(body.properties.userName).toMatchObject({ minLength: 2, maxLength: 30, pattern: '^[A-Za-z0-9_.@-]{2,30}$' });
    expect(body.additionalProperties).toBe(false);
    // Answers: the envelope around the data schema.
    const operLog = doc.paths['/api/system/operlog/list'].get.responses['200'].content['application/json'].schema;
    expect(operLog.properties.rows.items.properties).toHaveProperty('operName');
    expect(operLog.required).toEqual(expect.arrayContaining(['code', 'msg', 'rows', 'total']));
    // Records: the fixed parts of /api/auto/* (src/shared/contract/records.ts), rows open to per-form fields.
    const records = doc.paths['/api/auto/{form}/list'].post.responses['200'].content['application/json'].schema;
    expect(records.properties).toHaveProperty('totalExact');
    expect(records.properties.rows.items.additionalProperties).toBe(true);
    // Public calls are marked as needing no token; the docs routes themselves are not listed.
    expect(doc.paths['/api/login'].post.security).toEqual([]);
    expect(Object.keys(doc.paths).some((p) => p.startsWith('/api/docs'))).toBe(false);
  });

  it('gives every route an answer schema for 200, except the plugins still listed as pending', async () => {
    const doc = (await t.request({ method: 'GET', url: '/api/docs/openapi.json', token: admin })).json();
    const missing: string[] = [];
    const pendingConverted = new Set(PENDING);
    for (const [path, item] of Object.entries(doc.paths as Record<string, Record<string, { responses?: Record<string, { content?: Record<string, { schema?: unknown }> }> }>>)) {
      for (const [method, op] of Object.entries(item)) {
        const content = op.responses?.['200']?.content ?? {};
        const has = Object.values(content).some((c) => c.schema !== undefined);
        const pending = PENDING.find((prefix) => path.startsWith(prefix));
        if (!has && !pending) missing.push(`${method.toUpperCase()} ${path}`);
        if (!has && pending) pendingConverted.delete(pending);
      }
    }
    expect(missing).toEqual([]);
    // A plugin converted in full leaves the pending list (so the list cannot hide a new route).
    expect([...pendingConverted]).toEqual([]);
  });

  it('gives no answer a bare open object as its data, except the listed open shapes', async () => {
    const doc = (await t.request({ method: 'GET', url: '/api/docs/openapi.json', token: admin })).json();
    const open: string[] = [];
    for (const [path, item] of Object.entries(doc.paths as Record<string, Record<string, { responses?: Record<string, { content?: Record<string, { schema?: Schema }> }> }>>)) {
      for (const [method, op] of Object.entries(item)) {
        for (const c of Object.values(op.responses?.['200']?.content ?? {})) {
          const props = c.schema?.properties ?? {};
          if (openData(props.data) || openData(props.rows)) open.push(`${method.toUpperCase()} ${path}`);
        }
      }
    }
    expect(open.filter((route) => !OPEN_ANSWERS[route])).toEqual([]);
    // A listed route that is no longer open (or gone) leaves the list.
    expect(Object.keys(OPEN_ANSWERS).filter((route) => !open.includes(route))).toEqual([]);
  });

  it('is for administrators only', async () => {
    expect((await t.request({ method: 'GET', url: '/api/docs/openapi.json' })).statusCode).toBe(401);
    const role = await t.request({ method: 'POST', url: '/api/system/role', token: admin, body: { roleName: '人事专员', roleKey: 'hr', permissions: ['system:user:list'] } });
    const roleId = role.json().data.roleId;
    await t.request({ method: 'POST', url: '/api/system/user', token: admin, body: { userName: 'hrdocs', nickName: '人事', password: 'hr12345', roleIds: [roleId] } });
    const hr = await t.login('DEFAULT', 'hrdocs', 'hr12345');
    const res = await t.request({ method: 'GET', url: '/api/docs/openapi.json', token: hr });
    expect(res.statusCode).toBe(403);
    expect(res.json().msg).toBe('当前操作没有权限');
  });

  it('serves the viewer page at /api/docs without listing anything itself', async () => {
    const page = await t.request({ method: 'GET', url: '/api/docs' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('/api/docs/docs.js');
    expect(page.body).not.toContain('/api/system');
    const script = await t.request({ method: 'GET', url: '/api/docs/docs.js' });
    expect(script.statusCode).toBe(200);
    expect(script.body).toContain('/api/docs/openapi.json');
  });
});
