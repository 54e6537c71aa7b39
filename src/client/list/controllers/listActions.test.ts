import { describe, expect, it } from 'vitest';
import { toColumns, type FormDefinition, type UserContext } from '../../../../schema-adapters';
import { blockedBySelection, buttonEnabled, rowButtonCandidates, rowButtonsFor, toolbarButtons } from './listActions';
import { calcdOf } from './useRecordList';

const ctx: UserContext = { userId: 1, userName: 'admin', deptId: 1, roleKeys: ['common'], roleNames: ['员工'] };
const holder = (...perms: string[]) => (...asked: string[]) => asked.some((p) => perms.includes(p));

describe('toolbar and row actions (spec 01 §2.2, §6)', () => {
  const def: FormDefinition = { enName: 'goods', cnName: '货品', fields: [] };

  it('shows only the system actions the user holds; copy with add or list:root', () => {
    expect(toolbarButtons(def, holder('auto:goods:query', 'auto:goods:remove')).map((b) => b.label)).toEqual(['详情', '删除']);
    expect(toolbarButtons(def, holder('auto:goods:list:root')).map((b) => b.label)).toEqual(['复制']);
    expect(toolbarButtons(def, holder('auto:goods:add')).map((b) => b.label)).toEqual(['新增', '复制']);
  });

  it('enables query, edit and copy for exactly one row, void and delete for one or more', () => {
    const buttons = toolbarButtons(def, () => true);
    const enabled = (n: number) => buttons.filter((b) => buttonEnabled(b, n)).map((b) => b.label);
    expect(enabled(0)).toEqual(['新增']);
    expect(enabled(1)).toEqual(['新增', '详情', '修改', '复制', '作废', '删除']);
    expect(enabled(3)).toEqual(['新增', '作废', '删除']);
  });

  it('takes configured top buttons with their names, selection rule and unSelectedActionable; custom buttons wait', () => {
    const configured: FormDefinition = {
      ...def,
      buttons: [
        { id: 1, name: '批量作废', sysAction: 'invalid', topShow: true, unSelectedActionable: true },
        { id: 2, name: '归档', topShow: true, selection: 'multiple' },
        { id: 3, name: '打印', sysAction: 'print', topShow: true },
      ],
    };
    const buttons = toolbarButtons(configured, () => true);
    expect(buttons.map((b) => b.label)).toEqual(['批量作废']);
    expect(buttonEnabled(buttons[0], 0)).toBe(true);
  });

  it('chooses row buttons per row by rightShowCon', () => {
    const withRows: FormDefinition = {
      ...def,
      buttons: [
        { id: 7, name: '删除', sysAction: 'remove', rightShow: true, rightShowCon: '${sys_status} == -1' },
        { id: 8, name: '查看', sysAction: 'query', rightShow: true },
      ],
    };
    const candidates = rowButtonCandidates(withRows, () => true);
    expect(rowButtonsFor(candidates, { id: 1, sys_status: -1 }, ctx).map((b) => b.label)).toEqual(['删除', '查看']);
    expect(rowButtonsFor(candidates, { id: 2, sys_status: 1 }, ctx).map((b) => b.label)).toEqual(['查看']);
  });

  // Issue 13 item 2: the adapter's rowButtonShown decides. Before, a list without a signed-in user
  // hid every button with a condition; now the condition is evaluated with empty user values.
  it('decides rightShowCon with the adapter: undecidable keeps, failing hides, no user still evaluates', () => {
    const withRows: FormDefinition = {
      ...def,
      buttons: [
        { id: 1, name: '删除', sysAction: 'remove', rightShow: true, rightShowCon: '${sys_status} == -1' },
        { id: 2, name: '修改', sysAction: 'edit', rightShow: true, rightShowCon: '$${amount} > 1' },
        { id: 3, name: '详情', sysAction: 'query', rightShow: true, rightShowCon: '${sys_status} >' },
      ],
    };
    const candidates = rowButtonCandidates(withRows, () => true);
    expect(rowButtonsFor(candidates, { id: 1, sys_status: -1 }, ctx).map((b) => b.label)).toEqual(['删除', '修改']);
    expect(rowButtonsFor(candidates, { id: 1, sys_status: -1 }, undefined).map((b) => b.label)).toEqual(['删除', '修改']);
    expect(rowButtonsFor(candidates, { id: 2, sys_status: 0 }, undefined).map((b) => b.label)).toEqual(['修改']);
  });
});

describe('totals request (issue 13 item 2: the adapter\'s totalsRequest)', () => {
  const def: FormDefinition = {
    enName: 'pay',
    cnName: '付款',
    fields: [
      { enName: 'amount', label: '金额', funcType: 'number', precision: 3 },
      { enName: 'qty', label: '数量', funcType: 'number' },
      { enName: 'rate', label: '比例', funcType: 'number' },
    ],
    feature: {
      columnEvalList: [{ enName: 'amount', type: 'both' }, { enName: 'qty', type: 'average' }, { enName: 'rate', type: 'sum' }],
      pcTableElements: [{ enName: 'rate', visible: false }],
    },
  };

  it('asks for the operations and precision the adapter gives, for the columns on screen only', () => {
    const shown = toColumns(def).filter((c) => c.visible);
    expect(calcdOf(def, shown)).toEqual({ amount: { operation: ['sum', 'avg'], precision: 3 }, qty: { operation: ['avg'], precision: 2 } });
  });
});

describe('read-only data (issue 12 items 8, 9)', () => {
  const view: FormDefinition = { enName: 'pay_view', cnName: '付款汇总', type: 2, fields: [] };

  it('offers a type-2 view only the actions that do not write', () => {
    expect(toolbarButtons(view, () => true).map((b) => b.label)).toEqual(['详情']);
    expect(rowButtonCandidates(view, () => true).map((b) => b.label)).toEqual(['详情']);
  });

  it('drops edit and void for a voided row and blocks them while one is selected; delete stays', () => {
    const def: FormDefinition = { enName: 'goods', cnName: '货品', fields: [] };
    const rows = rowButtonCandidates(def, () => true);
    expect(rowButtonsFor(rows, { id: 1, sys_status: -2 }, ctx).map((b) => b.label)).toEqual(['详情', '删除']);
    expect(rowButtonsFor(rows, { id: 2, sys_status: 1 }, ctx).map((b) => b.label)).toEqual(['详情', '修改', '删除']);
    expect([...blockedBySelection([{ id: 1, sys_status: 1 }, { id: 2, sys_status: -2 }])].sort()).toEqual(['edit', 'invalid']);
    expect(blockedBySelection([{ id: 1, sys_status: 1 }]).size).toBe(0);
  });

  it('drops 修改 for a flow form’s row in approval (sys_status 0) and blocks it while one is selected', () => {
    const flow: FormDefinition = { enName: 'expense', cnName: '报销单', hasFlow: true, fields: [] };
    const plain: FormDefinition = { enName: 'goods', cnName: '货品', fields: [] };
    const rows = rowButtonCandidates(flow, () => true);
    expect(rowButtonsFor(rows, { id: 1, sys_status: 0 }, ctx, flow).map((b) => b.label)).toEqual(['详情', '删除']);
    expect(rowButtonsFor(rows, { id: 2, sys_status: 1 }, ctx, flow).map((b) => b.label)).toEqual(['详情', '修改', '删除']);
    expect(rowButtonsFor(rows, { id: 3, sys_status: 0 }, ctx, plain).map((b) => b.label)).toEqual(['详情', '修改', '删除']);
    expect([...blockedBySelection([{ id: 1, sys_status: 1 }, { id: 2, sys_status: 0 }], flow)]).toEqual(['edit']);
  });
});
