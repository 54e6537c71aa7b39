import { describe, expect, it } from 'vitest';
import type { FormDefinition, UserContext } from '../../../../schema-adapters';
import { customButtonEnabled, customRowButtonsFor, customRowCandidates, customTopButtons } from './customButtonList';

const def: FormDefinition = {
  enName: 'orders',
  cnName: '订单',
  fields: [{ enName: 'state', label: '状态', funcType: 'input' }],
  buttons: [
    { id: 1, name: '审核', topShow: true, rightShow: true, rightShowCon: "${state} != '已审核'", actions: [{ kind: 'setValues', values: { state: '已审核' } }] },
    { id: 2, name: '新建', topShow: true, unSelectedActionable: true, actions: [{ kind: 'link', url: '/x' }] },
    { id: 3, name: '归档', topShow: true, rightShow: true },
    { id: 4, name: '打印', sysAction: 'print', topShow: true, actions: [{ kind: 'print', templateId: 1 }] },
  ],
};
const ctx: UserContext = { userId: 1, userName: 'u', deptId: null, roleKeys: [], roleNames: [] };

describe('custom buttons of the list', () => {
  it('shows only buttons with actions and no system action, each by auto:{form}:btn{id}', () => {
    const all = () => true;
    expect(customTopButtons(def, all).map((b) => b.name)).toEqual(['审核', '新建']);
    const only1 = (...perms: string[]) => perms.includes('auto:orders:btn1');
    expect(customTopButtons(def, only1).map((b) => b.name)).toEqual(['审核']);
    expect(customRowCandidates(def, only1).map((b) => b.name)).toEqual(['审核']);
  });

  it('hides a row button whose rightShowCon is false for the row', () => {
    const rows = customRowCandidates(def, () => true);
    expect(customRowButtonsFor(rows, { state: '草稿' }, ctx).map((b) => b.name)).toEqual(['审核']);
    expect(customRowButtonsFor(rows, { state: '已审核' }, ctx)).toEqual([]);
  });

  it('enables a toolbar button by the selection; unSelectedActionable runs with none', () => {
    const [audit, create] = customTopButtons(def, () => true);
    expect([0, 1, 3].map((n) => customButtonEnabled(audit, n))).toEqual([false, true, true]);
    expect(customButtonEnabled(create, 0)).toBe(true);
    expect(customButtonEnabled({ ...audit, selection: 'single' }, 2)).toBe(false);
  });
});
