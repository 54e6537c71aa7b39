/**
 * The list page reads compact rows (issue 28 item 4): no `$view` for fixed options, no `sysStatus`
 * alias, fewer system columns. Every cell must render exactly what it rendered from the full
 * record: each column of a form with every choice kind is rendered from the full row and from
 * the compact row, and the two cells' HTML must be equal.
 */
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { describe, expect, it } from 'vitest';
import { toColumns, viewFromDefinition, type FormDefinition } from '../../../../schema-adapters';
import { ListCell } from './ListCell';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const def: FormDefinition = {
  enName: 'cells',
  cnName: '单元格',
  fields: [
    { enName: 'kind', label: '类别', funcType: 'select', options: [{ label: '钢材', value: 'steel' }, { label: '水泥', value: 'cement', color: '#f5222d' }] },
    { enName: 'tags', label: '标签', funcType: 'select', multiple: true, options: [{ label: '急', value: 1 }, { label: '缓', value: 2 }] },
    { enName: 'path', label: '分类', funcType: 'cascader', options: [{ label: '材料', value: 'm', children: [{ label: '盘圆', value: 'p' }] }] },
    { enName: 'level', label: '级别', funcType: 'radio', options: [{ label: '一级', value: 'l1' }, { label: '二级', value: 'l2' }] },
    { enName: 'checks', label: '检查', funcType: 'checkbox', options: [{ label: '外观', value: 'a' }, { label: '尺寸', value: 'b' }] },
    { enName: 'owner', label: '负责人', funcType: 'user' },
    { enName: 'dept', label: '部门', funcType: 'dept' },
    { enName: 'site', label: '地点', funcType: 'position' },
    { enName: 'paint', label: '颜色', funcType: 'color' },
    { enName: 'title', label: '标题', funcType: 'input' },
  ],
};

const full: Record<string, unknown> = {
  id: 7, sys_status: -2, pid: null, create_by: 'admin', create_user_id: 1, create_dept_id: 2, create_time: '2026-01-02T03:04:05.000Z',
  update_time: '2026-01-02T03:04:05.000Z', version: 3, sysStatus: -2,
  kind: 'cement', kind$view: '水泥', tags: [1, 2], tags$view: '急,缓', path: ['m', 'p'], path$view: '材料/盘圆',
  level: 'l2', checks: ['a', 'b'], owner: 1, owner$view: '管理员', dept: 2, dept$view: '工程管理部',
  site: '116.4,39.9', site$view: '北京', paint: 'red', title: '一号楼',
};

/** What the server's compact shape leaves of `full` (query/listShape.ts). */
function compactOf(row: Record<string, unknown>): Record<string, unknown> {
  const dropped = new Set(['sysStatus', 'pid', 'create_by', 'create_user_id', 'create_dept_id', 'create_time', 'update_time', 'version']);
  for (const f of def.fields) if (viewFromDefinition(f)) dropped.add(`${f.enName}$view`);
  return Object.fromEntries(Object.entries(row).filter(([k]) => !dropped.has(k)));
}

async function html(node: React.ReactNode): Promise<string> {
  const host = document.createElement('div');
  const root = createRoot(host);
  await act(async () => root.render(<>{node}</>));
  const out = host.innerHTML;
  await act(async () => root.unmount());
  return out;
}

describe('list cells from compact rows', () => {
  const columns = toColumns(def, {}).filter((c) => c.cell !== 'actions');
  const compact = compactOf(full);

  it('drops exactly the derivable companions and the alias', () => {
    expect(Object.keys(compact)).not.toEqual(expect.arrayContaining(['kind$view', 'tags$view', 'path$view', 'sysStatus']));
    expect(compact).toMatchObject({ owner$view: '管理员', dept$view: '工程管理部', site$view: '北京', sys_status: -2 });
  });

  it.each(columns.map((c) => [c.key, c] as const))('%s renders the same from both rows', async (_key, column) => {
    const a = await html(<ListCell column={column} row={full} />);
    const b = await html(<ListCell column={column} row={compact} />);
    expect(b).toBe(a);
  });

  it('shows labels from the definition and the 状态 from sys_status', async () => {
    const text = async (key: string) => {
      const host = document.createElement('div');
      host.innerHTML = await html(<ListCell column={columns.find((c) => c.key === key)!} row={compact} />);
      return host.textContent;
    };
    expect(await text('kind')).toBe('水泥');
    expect(await text('tags')).toBe('急缓');
    expect(await text('path')).toBe('材料 / 盘圆');
    expect(await text('level')).toBe('二级');
    expect(await text('checks')).toBe('外观尺寸');
    expect(await text('owner')).toBe('管理员');
    expect(await text('sys_status')).toBe('作废');
  });
});
