/** 菜单管理: the menu tree (directories, form lists, screens, external links, buttons) with add / edit / move / delete. */
import { ArrowDownOutlined, ArrowUpOutlined } from '@ant-design/icons';
import { Button, Form, Input, Select, Space, Table, Tag } from 'antd';
import { useFeedback } from '../../../feedback/useFeedback';
import { useState } from 'react';
import type { SysMenu } from '../../../api/menus';
import { useMenusController, type MenuTreeRow } from '../../../controllers/useMenusController';
import { Authorized } from '../../../routing/Authorized';
import { formatDateTime } from '../../../session/formatDateTime';
import { menuIcon } from '../../../routing/menuIcons';
import { MenuDialog } from './MenuDialog';

/** The order after the last of these siblings. */
const nextOrder = (siblings: MenuTreeRow[] | undefined) => Math.max(0, ...(siblings ?? []).map((m) => m.orderNum ?? 0)) + 1;

const TYPE_LABEL: Record<string, string> = { M: '目录', C: '菜单', F: '按钮' };

/** The siblings of a row (same parent) in display order. */
function siblingsOf(tree: MenuTreeRow[], row: MenuTreeRow): MenuTreeRow[] {
  const find = (nodes: MenuTreeRow[]): MenuTreeRow[] | undefined => {
    if (nodes.some((n) => n.menuId === row.menuId)) return nodes;
    for (const n of nodes) {
      const hit = n.children && find(n.children);
      if (hit) return hit;
    }
    return undefined;
  };
  return find(tree) ?? [];
}

/** The menu administration screen. */
export default function MenusPage() {
  const app = useFeedback();
  const c = useMenusController();
  const [editing, setEditing] = useState<SysMenu | undefined>();
  const [search] = Form.useForm();
  const [expandAll, setExpandAll] = useState(true);
  // Up / down: the row swaps places with its neighbour; siblings are renumbered 1..n where that changes their order.
  const shift = async (row: MenuTreeRow, by: -1 | 1) => {
    const list = [...siblingsOf(c.tree, row)];
    const at = list.findIndex((m) => m.menuId === row.menuId);
    const to = at + by;
    if (to < 0 || to >= list.length) return;
    [list[at], list[to]] = [list[to], list[at]];
    for (const [i, m] of list.entries()) {
      if (m.orderNum !== i + 1) await c.move.run({ menuId: m.menuId!, parentId: m.parentId, orderNum: i + 1 });
    }
  };
  const remove = (m: MenuTreeRow) =>
    app.modal.confirm({
      title: '系统提示',
      content: `是否确认删除名称为"${m.menuName}"的数据项？`,
      okText: '确定',
      cancelText: '取消',
      onOk: async () => {
        await c.remove.run(m.menuId!);
        void app.message.success('删除成功');
      },
    });
  return (
    <>
      <Form form={search} layout="inline" onFinish={(v) => c.search(v)} style={{ marginBottom: 12, rowGap: 8 }}>
        <Form.Item name="menuName" label="菜单名称"><Input placeholder="请输入菜单名称" allowClear /></Form.Item>
        <Form.Item name="visible" label="显示状态">
          <Select placeholder="显示状态" allowClear style={{ width: 120 }} options={[{ value: '0', label: '显示' }, { value: '1', label: '隐藏' }]} />
        </Form.Item>
        <Form.Item name="status" label="状态">
          <Select placeholder="菜单状态" allowClear style={{ width: 120 }} options={[{ value: '0', label: '正常' }, { value: '1', label: '停用' }]} />
        </Form.Item>
        <Space>
          <Button type="primary" htmlType="submit">搜索</Button>
          <Button onClick={() => { search.resetFields(); c.search({}); }}>重置</Button>
        </Space>
      </Form>
      <Space style={{ marginBottom: 12 }}>
        <Authorized perms={['system:menu:add']}>
          <Button type="primary" ghost onClick={() => setEditing({ parentId: 0, menuName: '', menuType: 'M', orderNum: nextOrder(c.tree) })}>新增</Button>
        </Authorized>
        <Button onClick={() => setExpandAll((v) => !v)}>展开/折叠</Button>
      </Space>
      <Table<MenuTreeRow>
        rowKey="menuId"
        size="middle"
        loading={c.loading}
        dataSource={c.tree}
        pagination={false}
        expandable={{ defaultExpandAllRows: expandAll }}
        key={`${c.rows.length}-${expandAll}`}
        columns={[
          { title: '菜单名称', dataIndex: 'menuName', width: 220 },
          { title: '图标', dataIndex: 'icon', width: 60, align: 'center', render: (i: string) => menuIcon(i) ?? null },
          { title: '排序', dataIndex: 'orderNum', width: 60 },
          { title: '类型', dataIndex: 'menuType', width: 70, render: (t: string) => TYPE_LABEL[t] ?? t },
          { title: '权限标识', dataIndex: 'perms', ellipsis: true },
          { title: '组件路径', dataIndex: 'component', ellipsis: true, render: (v: string, m) => (m.isFrame === '0' ? m.path : m.formName ? `${v} · ${m.formName}` : v) },
          { title: '显示', dataIndex: 'visible', width: 70, render: (v: string, m) => (m.menuType === 'F' ? null : v === '1' ? <Tag>隐藏</Tag> : <Tag color="blue">显示</Tag>) },
          { title: '状态', dataIndex: 'status', width: 70, render: (s: string) => (s === '1' ? <Tag color="red">停用</Tag> : <Tag color="blue">正常</Tag>) },
          { title: '创建时间', dataIndex: 'createTime', width: 170, render: formatDateTime },
          {
            title: '操作',
            width: 250,
            render: (_, m) => (
              <Space size={0}>
                <Authorized perms={['system:menu:edit']}>
                  <Button type="link" size="small" title="上移" aria-label="上移" icon={<ArrowUpOutlined />} onClick={() => void shift(m, -1).catch(() => undefined)} />
                  <Button type="link" size="small" title="下移" aria-label="下移" icon={<ArrowDownOutlined />} onClick={() => void shift(m, 1).catch(() => undefined)} />
                  <Button type="link" size="small" onClick={() => setEditing(m)}>修改</Button>
                </Authorized>
                {m.menuType !== 'F' && (
                  <Authorized perms={['system:menu:add']}>
                    <Button type="link" size="small" onClick={() => setEditing({ parentId: m.menuId!, menuName: '', menuType: m.menuType === 'C' ? 'F' : 'C', orderNum: nextOrder(m.children) })}>新增</Button>
                  </Authorized>
                )}
                <Authorized perms={['system:menu:remove']}><Button type="link" size="small" danger onClick={() => remove(m)}>删除</Button></Authorized>
              </Space>
            ),
          },
        ]}
      />
      <MenuDialog
        value={editing}
        tree={c.tree}
        forms={c.forms}
        saving={c.save.pending}
        onClose={() => setEditing(undefined)}
        onSave={async (m) => {
          await c.save.run(m);
          void app.message.success(m.menuId ? '修改成功' : '新增成功');
          setEditing(undefined);
        }}
      />
    </>
  );
}
