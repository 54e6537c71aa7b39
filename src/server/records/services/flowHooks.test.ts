import { describe, expect, it } from 'vitest';
import type { FormModel } from '../query/formModel.js';
import { flowHooks, setFlowHooks, type FlowHooks } from './flowHooks.js';

const modelOf = (hasFlow: boolean) => ({ form: { enName: 'f', definition: { hasFlow } } }) as unknown as FormModel;
const db = null as never;
const caller = null as never;

describe('flow hooks before a process installs them', () => {
  it('let forms without a flow write, and refuse anything that needs a flow', async () => {
    expect(await flowHooks().onRecordSubmitted(db, modelOf(false), caller, 1)).toBeNull();
    await expect(flowHooks().endFlowsOfRecords(db, modelOf(false), 1, [1], { userId: 1, userName: 'a', action: '记录已删除' })).resolves.toBeUndefined();
    expect(await flowHooks().recordsInApproval(db, 1, 'f', [])).toEqual(new Set());

    await expect(flowHooks().onRecordSubmitted(db, modelOf(true), caller, 1)).rejects.toThrow(/installFlowHooks/);
    await expect(flowHooks().endFlowsOfRecords(db, modelOf(true), 1, [1], { userId: 1, userName: 'a', action: '记录已作废' })).rejects.toThrow(/installFlowHooks/);
    await expect(flowHooks().assertNotInApproval(db, 1, 'f', 1)).rejects.toThrow(/installFlowHooks/);
    await expect(flowHooks().recordsInApproval(db, 1, 'f', [1])).rejects.toThrow(/installFlowHooks/);
  });

  it('answer with what was installed', async () => {
    const running = new Set([7]);
    const hooks: FlowHooks = { ...flowHooks(), recordsInApproval: async () => running };
    setFlowHooks(hooks);
    expect(await flowHooks().recordsInApproval(db, 1, 'f', [7, 8])).toBe(running);
  });
});
