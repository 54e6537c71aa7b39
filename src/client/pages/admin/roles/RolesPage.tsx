/** 角色管理: list, search, add / edit / delete, permission strings per form and action. */
import { Button, Form, Input, InputNumber, Modal, Radio, Space, Table, Tag } from 'antd';
import { useFeedback } from '../../../feedback/useFeedback';
import { useState } from 'react';
import type { SysRole } from '../../../api/roles';
import { useRolesController } from '../../../controllers/useRolesController';
import { PermissionMatrix } from './PermissionMatrix';
import { DataScopeFields } from './DataScopeFields';
import { formatDateTime } from '../../../session/formatDateTime';
import { Authorized } from '../../../routing/Authorized';
import { AddRoleBody } from '../../../../shared/contract/roles';
import { fieldRules, maxLengthOf } from '../common/contractRules';

// The server's rules (src/shared/contract/roles.ts).
const RULES = {
  roleName: fieldRules(AddRoleBody, 'roleName', '角色名称'),
  roleKey: fieldRules(AddRoleBody, 'roleKey', '权限字符', { patternMessage: '权限字符只能包含字母、数字、_ 和 -' }),
};

/** The roles screen. */
export default function RolesPage() {
  const { message, modal } = useFeedback();
  const c = useRolesController();
  const [editing, setEditing] = useState<SysRole | undefined>();
  const [search] = Form.useForm();
  const [form] = Form.useForm<SysRole>();
  const open = (role: SysRole) => {
    form.resetFields();
    form.setFieldsValue({ roleSort: 0, status: '0', permissions: [], dataScope: '1', deptIds: [], ...role });
    setEditing(role);
  };
  const remove = (role: SysRole) =>
    modal.confirm({
      title: '系统提示',
      content: `是否确认删除角色编号为"${role.roleId}"的数据项？`,
      okText: '确定',
      cancelText: '取消',
      onOk: async () => {
        await c.remove.run([role.roleId!]);
        void message.success('删除成功');
      },
    });
  const save = async () => {
    const values = await form.validateFields();
    await c.save.run({ ...editing, ...values });
    void message.success(editing?.roleId ? '修改成功' : '新增成功');
    setEditing(undefined);
  };
  return (
    <>
      <Form form={search} layout="inline" onFinish={(v) => c.search(v)} style={{ marginBottom: 12, rowGap: 8 }}>
        <Form.Item name="roleName" label="角色名称"><Input placeholder="请输入角色名称" allowClear /></Form.Item>
        <Form.Item name="roleKey" label="权限字符"><Input placeholder="请输入权限字符" allowClear /></Form.Item>
        <Space>
          <Button type="primary" htmlType="submit">搜索</Button>
          <Button onClick={() => { search.resetFields(); c.search({}); }}>重置</Button>
        </Space>
      </Form>
      <Authorized perms={['system:role:add']}><Button type="primary" ghost style={{ marginBottom: 12 }} onClick={() => open({ roleName: '', roleKey: '' })}>新增</Button></Authorized>
      <Table<SysRole>
        rowKey="roleId"
        size="middle"
        loading={c.loading}
        dataSource={c.rows}
        pagination={{ current: c.page.pageNum, pageSize: c.page.pageSize, total: c.total, showTotal: (t) => `共 ${t} 条`, onChange: c.setPage }}
        columns={[
          { title: '角色编号', dataIndex: 'roleId', width: 90 },
          { title: '角色名称', dataIndex: 'roleName' },
          { title: '权限字符', dataIndex: 'roleKey' },
          { title: '显示顺序', dataIndex: 'roleSort', width: 90 },
          { title: '状态', dataIndex: 'status', render: (s) => (s === '1' ? <Tag>停用</Tag> : <Tag color="blue">正常</Tag>) },
          { title: '创建时间', dataIndex: 'createTime', width: 170, render: formatDateTime },
          {
            title: '操作',
            render: (_, r) =>
              r.roleKey === 'admin' ? null : (
                <Space size={0}>
                  <Authorized perms={['system:role:edit']}><Button type="link" size="small" onClick={async () => open(await c.load(r.roleId!))}>修改</Button></Authorized>
                  <Authorized perms={['system:role:remove']}><Button type="link" size="small" danger onClick={() => remove(r)}>删除</Button></Authorized>
                </Space>
              ),
          },
        ]}
      />
      <Modal
        title={editing?.roleId ? '修改角色' : '添加角色'}
        open={!!editing}
        width={760}
        okText="确 定"
        cancelText="取 消"
        confirmLoading={c.save.pending}
        onOk={() => void save().catch(() => undefined)}
        onCancel={() => setEditing(undefined)}
        maskClosable={false}
        forceRender
      >
        <Form form={form} name="roleDialog" labelCol={{ span: 4 }}>
          <Form.Item name="roleName" label="角色名称" rules={RULES.roleName}><Input placeholder="请输入角色名称" maxLength={maxLengthOf(AddRoleBody, 'roleName')} /></Form.Item>
          <Form.Item name="roleKey" label="权限字符" rules={RULES.roleKey}><Input placeholder="请输入权限字符" maxLength={maxLengthOf(AddRoleBody, 'roleKey')} /></Form.Item>
          <Form.Item name="roleSort" label="角色顺序" rules={[{ required: true, message: '角色顺序不能为空' }]}><InputNumber min={0} /></Form.Item>
          <Form.Item name="status" label="状态"><Radio.Group options={[{ value: '0', label: '正常' }, { value: '1', label: '停用' }]} /></Form.Item>
          <DataScopeFields depts={c.depts} />
          <Form.Item name="permissions" label="菜单权限"><PermissionMatrix forms={c.forms} /></Form.Item>
          <Form.Item name="remark" label="备注"><Input.TextArea rows={2} placeholder="请输入内容" /></Form.Item>
        </Form>
      </Modal>
    </>
  );
}
