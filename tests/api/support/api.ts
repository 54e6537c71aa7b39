/** Small helpers over TestApp.request for readable API tests. */
import type { TestApp } from './testServer.js';

export interface Answer {
  status: number;
  body: any;
}

/** Calls the API and parses the JSON answer. */
export async function call(t: TestApp, token: string | null, method: string, url: string, body?: unknown): Promise<Answer> {
  const res = await t.request({ method, url, token, body });
  let parsed: any = null;
  try {
    parsed = res.json();
  } catch {
    parsed = res.body;
  }
  return { status: res.statusCode, body: parsed };
}

/** A caller bound to one token. */
export function as(t: TestApp, token: string | null) {
  return {
    get: (url: string) => call(t, token, 'GET', url),
    post: (url: string, body?: unknown) => call(t, token, 'POST', url, body),
  };
}

/** Finds a department id of a tenant by name, through the API. */
export async function deptIdByName(t: TestApp, token: string, name: string): Promise<number> {
  const res = await as(t, token).get('/api/system/dept/list');
  const d = res.body.data.find((x: any) => x.deptName === name);
  if (!d) throw new Error(`no department ${name}`);
  return d.deptId;
}
