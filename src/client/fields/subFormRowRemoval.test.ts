import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { FormDefinition } from '../../../schema-adapters/definition/types';
import { mayRemoveSubRow } from './subFormRowRemoval';

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const def = {
  enName: 'orders', cnName: '订单', fields: [],
  feature: { formChecks: [{ scene: 'deleteSub', subForm: 'lines', when: 'true', action: 'stop', errorTips: 'x' }] },
} as unknown as FormDefinition;
const page = { formName: 'orders', recordId: 5, def };

function answer(data: unknown) {
  const bodies: unknown[] = [];
  server.use(http.post('/api/auto/orders/check/deleteSub', async ({ request }) => {
    bodies.push(await request.json());
    return HttpResponse.json({ code: 200, msg: '操作成功', data });
  }));
  return bodies;
}

describe('removing a sub-form row', () => {
  it('asks the server for a saved row: stop keeps it, warn asks, success removes', async () => {
    const prompts = { stop: vi.fn(async () => undefined), warn: vi.fn(async () => false) };
    const bodies = answer({ success: false, action: 'stop', errorTips: '「钢材」已发货' });
    expect(await mayRemoveSubRow(page, 'lines', { id: 9 }, prompts)).toBe(false);
    expect(prompts.stop).toHaveBeenCalledWith('「钢材」已发货');
    expect(bodies).toEqual([{ subForm: 'lines', parentId: 5, ids: [9] }]);
    answer({ success: false, action: 'warn', errorTips: '样品' });
    expect(await mayRemoveSubRow(page, 'lines', { id: 9 }, prompts)).toBe(false);
    prompts.warn.mockResolvedValueOnce(true);
    expect(await mayRemoveSubRow(page, 'lines', { id: 9 }, prompts)).toBe(true);
    answer({ success: true, action: null, errorTips: '' });
    expect(await mayRemoveSubRow(page, 'lines', { id: 9 }, prompts)).toBe(true);
  });

  it('removes at once a new row, a row of another sub-form, on the add page, or without deleteSub rules (no call)', async () => {
    const prompts = { stop: vi.fn(async () => undefined), warn: vi.fn(async () => false) };
    expect(await mayRemoveSubRow(page, 'lines', { item: '新' }, prompts)).toBe(true);
    expect(await mayRemoveSubRow(page, 'other', { id: 9 }, prompts)).toBe(true);
    expect(await mayRemoveSubRow({ ...page, recordId: undefined }, 'lines', { id: 9 }, prompts)).toBe(true);
    expect(await mayRemoveSubRow({ ...page, def: { ...def, feature: {} } }, 'lines', { id: 9 }, prompts)).toBe(true);
  });
});
