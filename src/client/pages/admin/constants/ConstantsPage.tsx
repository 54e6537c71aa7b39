/** 常量管理: option lists and their items, drilled from the root lists. */
import { Breadcrumb, Button, Form, Input, InputNumber, Radio, Select, Space, Table, Tag } from 'antd';
import { useFeedback } from '../../../feedback/useFeedback';
import { useState } from 'react';
import type { SysConstant } from '../../../api/constants';
import { useConstantsController } from '../../../controllers/useConstantsController';
import { confirmDelete } from '../common/confirmDelete';
import { CONSTANT_DATA_TYPES, dataTypeLabel } from './constantDataTypes';
import { EditDialog } from '../common/EditDialog';
import { Authorized } from '../../../routing/Authorized';
import { AddConstantBody } from '../../../../shared/contract/constants';
import { fieldRules, maxLengthOf } from '../common/contractRules';

// The server's rule (src/shared/contract/constants.ts).
const NAME_RULES = fieldRules(AddConstantBody, 'name', '名称');

/** The constants screen. */
export default function ConstantsPage() {
  const app = useFeedback();
  const c = useConstantsController();
  const [editing, setEditing] = useState<Partial<SysConstant> | undefined>();
  return (
    <>
      <Breadcrumb
        style={{ marginBottom: 12 }}
        items={[
          { title: <a onClick={() => c.backTo(0)}>全部常量</a> },
          ...c.trail.map((t, i) => ({ title: <a onClick={() => c.backTo(i + 1)}>{t.name}</a> })),
        ]}
      />
      <Authorized perms={['system:constant:add']}><Button type="primary" ghost style={{ marginBottom: 12 }} onClick={() => setEditing({ parentId: c.parent?.id ?? 0 })}>新增</Button></Authorized>
      <Table<SysConstant>
        rowKey="id"
        size="middle"
        loading={c.loading}
        dataSource={c.rows}
        pagination={{ pageSize: 20, showTotal: (t) => `共 ${t} 条` }}
        columns={[
          { title: '编号', dataIndex: 'id', width: 100 },
          { title: '名称', dataIndex: 'name', render: (n, r) => <a onClick={() => c.open(r)}>{n}</a> },
          { title: '数据类型', dataIndex: 'dataType', render: (t: string | undefined) => dataTypeLabel(t) },
          { title: '排序', dataIndex: 'orderNum', width: 80 },
          { title: '状态', dataIndex: 'status', render: (s) => (Number(s) === 1 ? <Tag color="blue">正常</Tag> : <Tag>停用</Tag>) },
          {
            title: '操作',
            render: (_, r) => (
              <Space size={0}>
                <Button type="link" size="small" onClick={() => c.open(r)}>下级</Button>
                <Authorized perms={['system:constant:edit']}><Button type="link" size="small" onClick={() => setEditing(r)}>修改</Button></Authorized>
                <Authorized perms={['system:constant:remove']}><Button type="link" size="small" danger onClick={() => confirmDelete(app, '常量编号', [r.id!], () => c.remove.run(r.id!))}>删除</Button></Authorized>
              </Space>
            ),
          },
        ]}
      />
      <EditDialog<SysConstant>
        title={editing?.id ? '修改常量' : '添加常量'}
        value={editing}
        defaults={{ orderNum: 0, status: 1 }}
        saving={c.save.pending}
        onClose={() => setEditing(undefined)}
        onSave={async (d) => {
          await c.save.run(d);
          void app.message.success(d.id ? '修改成功' : '新增成功');
          setEditing(undefined);
        }}
      >
        {() => (
          <>
            <Form.Item name="name" label="名称" rules={NAME_RULES}><Input placeholder="请输入名称" maxLength={maxLengthOf(AddConstantBody, 'name')} /></Form.Item>
            <Form.Item name="dataType" label="数据类型"><Select allowClear placeholder="请选择数据类型" options={CONSTANT_DATA_TYPES} /></Form.Item>
            <Form.Item name="orderNum" label="显示排序"><InputNumber min={0} /></Form.Item>
            <Form.Item name="status" label="状态"><Radio.Group options={[{ value: 1, label: '正常' }, { value: 0, label: '停用' }]} /></Form.Item>
          </>
        )}
      </EditDialog>
    </>
  );
}
