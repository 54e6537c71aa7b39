import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { constantOptions } from './pickerOptions';
import { editConstant } from './constants';
import { forgetConstantsVersion } from './constantCache';

const server = setupServer();
let version = 'v1';
let treeCalls = 0;
let versionCalls = 0;

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());
beforeEach(() => {
  localStorage.clear();
  forgetConstantsVersion();
  version = 'v1';
  treeCalls = 0;
  versionCalls = 0;
  server.use(
    http.get('*/api/system/constant/version', () => {
      versionCalls++;
      return HttpResponse.json({ code: 200, msg: '操作成功', data: version });
    }),
    http.post('*/api/system/constant/list/tree/:id', ({ params }) => {
      treeCalls++;
      return HttpResponse.json({ code: 200, msg: '操作成功', data: [{ id: 1, name: `${version}-${String(params.id)}` }] });
    }),
    http.post('*/api/system/constant/edit', () => {
      version = 'v2';
      return HttpResponse.json({ code: 200, msg: '操作成功' });
    }),
  );
});
afterEach(() => server.resetHandlers());

describe('constants kept in browser storage by version (spec 02 §7; issue 27 item 10)', () => {
  it('a list is asked once per version; a reload uses the stored list', async () => {
    expect(await constantOptions(7)).toEqual([{ id: 1, name: 'v1-7' }]);
    expect(treeCalls).toBe(1);
    expect(JSON.parse(localStorage.getItem('fw.constants.DEFAULT') ?? '{}')).toMatchObject({ version: 'v1', lists: { 'tree.7': [{ id: 1, name: 'v1-7' }] } });
    // As after a page reload: the version is asked again, the list is not.
    forgetConstantsVersion();
    expect(await constantOptions(7)).toEqual([{ id: 1, name: 'v1-7' }]);
    expect(treeCalls).toBe(1);
    expect(versionCalls).toBe(2);
    // Lists are kept side by side.
    await constantOptions(8);
    expect(Object.keys(JSON.parse(localStorage.getItem('fw.constants.DEFAULT') ?? '{}').lists)).toEqual(['tree.7', 'tree.8']);
  });

  it('a new version drops the stored lists; the user who changed a constant sees it at once', async () => {
    await constantOptions(7);
    await editConstant({ id: 3, parentId: 7, name: '改' });
    expect(await constantOptions(7)).toEqual([{ id: 1, name: 'v2-7' }]);
    expect(treeCalls).toBe(2);
    expect(JSON.parse(localStorage.getItem('fw.constants.DEFAULT') ?? '{}')).toEqual({ version: 'v2', lists: { 'tree.7': [{ id: 1, name: 'v2-7' }] } });
  });

  it('without a version answer nothing is stored and the list still loads', async () => {
    server.use(http.get('*/api/system/constant/version', () => HttpResponse.json({ code: 500, msg: '失败' })));
    expect(await constantOptions(9)).toEqual([{ id: 1, name: 'v1-9' }]);
    expect(localStorage.getItem('fw.constants.DEFAULT')).toBeNull();
  });
});
