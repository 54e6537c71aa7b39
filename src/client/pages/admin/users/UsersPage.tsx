/**
 * 用户管理: department tree, search, add / edit / delete, status switch, reset password, import, and
 * the decision on self-registered accounts waiting for approval (待审核: 审核通过 / 驳回).
 */
import { Button, Col, Form, Input, Row, Select, Space, Switch, Table, Tag } from 'antd';
import { useFeedback } from '../../../feedback/useFeedback';
import { useState } from 'react';
import type { SysUser } from '../../../api/users';
import { useUsersController } from '../../../controllers/useUsersController';
import { DeptTree } from '../common/DeptTree';
import { ResetPasswordPrompt } from './ResetPasswordPrompt';
import { UserImportDialog } from './UserImportDialog';
import { UserDialog } from './UserDialog';
import { formatDateTime } from '../../../session/formatDateTime';
import { Authorized, useHasPermission } from '../../../routing/Authorized';

/** The status filter's value for accounts waiting for approval. */
const PENDING = 'pending';

/** The users screen. */
export default function UsersPage() {
  const { message, modal } = useFeedback();
  const c = useUsersController();
  const canEdit = useHasPermission('system:user:edit');
  const [editing, setEditing] = useState<SysUser | undefined>();
  const [resetting, setResetting] = useState<SysUser | undefined>();
  const [selected, setSelected] = useState<number[]>([]);
  const [form] = Form.useForm();
  const [deptId, setDeptId] = useState<number | undefined>();
  const [importing, setImporting] = useState(false);

  // 待审核 is a choice of the status filter here, a filter of its own on the server.
  const search = (dept = deptId) => {
    const { status, ...rest } = form.getFieldsValue();
    c.search({ ...rest, ...(status === PENDING ? { pendingApproval: true } : { status }), deptId: dept });
  };
  const remove = (ids: number[]) =>
    modal.confirm({
      title: '系统提示',
      content: `是否确认删除用户编号为"${ids.join(',')}"的数据项？`,
      okText: '确定',
      cancelText: '取消',
      onOk: async () => {
        await c.remove.run(ids);
        setSelected([]);
        void message.success('删除成功');
      },
    });
  const toggleStatus = (user: SysUser, on: boolean) => {
    const text = on ? '启用' : '停用';
    modal.confirm({
      title: '系统提示',
      content: `确认要"${text}""${user.userName}"用户吗？`,
      okText: '确定',
      cancelText: '取消',
      onOk: async () => {
        await c.setStatus.run(user.userId!, on ? '0' : '1');
        void message.success(`${text}成功`);
      },
    });
  };
  const approve = (user: SysUser) =>
    modal.confirm({
      title: '系统提示',
      content: `确认审核通过"${user.userName}"的注册申请吗？`,
      okText: '确定',
      cancelText: '取消',
      onOk: async () => {
        await c.approve.run([user.userId!]);
        void message.success('审核通过');
      },
    });
  const reject = (user: SysUser) =>
    modal.confirm({
      title: '系统提示',
      content: `确认驳回"${user.userName}"的注册申请吗？驳回后该账号将被删除。`,
      okText: '确定',
      cancelText: '取消',
      onOk: async () => {
        await c.reject.run([user.userId!]);
        void message.success('已驳回');
      },
    });
  const save = async (user: SysUser) => {
    await c.save.run(user);
    void message.success(user.userId ? '修改成功' : '新增成功');
    setEditing(undefined);
  };

  return (
    <Row gutter={16}>
      <Col xs={24} md={6} lg={5}>
        <DeptTree
          nodes={c.deptTree}
          onSelect={(id) => {
            setDeptId(id);
            search(id);
          }}
        />
      </Col>
      <Col xs={24} md={18} lg={19}>
        <Form form={form} layout="inline" onFinish={() => search()} style={{ marginBottom: 12, rowGap: 8 }}>
          <Form.Item name="userName" label="用户名称">
            <Input placeholder="请输入用户名称" allowClear style={{ width: 160 }} />
          </Form.Item>
          <Form.Item name="phonenumber" label="手机号码">
            <Input placeholder="请输入手机号码" allowClear style={{ width: 160 }} />
          </Form.Item>
          <Form.Item name="status" label="状态">
            <Select placeholder="用户状态" allowClear style={{ width: 120 }} options={[{ value: '0', label: '正常' }, { value: '1', label: '停用' }, { value: PENDING, label: '待审核' }]} />
          </Form.Item>
          <Space>
            <Button type="primary" htmlType="submit">搜索</Button>
            <Button onClick={() => { form.resetFields(); search(); }}>重置</Button>
          </Space>
        </Form>
        <Space style={{ marginBottom: 12 }}>
          <Authorized perms={['system:user:add']}><Button type="primary" ghost onClick={() => setEditing({ userName: '', nickName: '', deptId })}>新增</Button></Authorized>
          <Authorized perms={['system:user:remove']}><Button danger disabled={!selected.length} onClick={() => remove(selected)}>删除</Button></Authorized>
          <Authorized perms={['system:user:import']}><Button onClick={() => setImporting(true)}>导入</Button></Authorized>
        </Space>
        <Table<SysUser>
          rowKey="userId"
          size="middle"
          loading={c.loading}
          dataSource={c.rows}
          rowSelection={{ selectedRowKeys: selected, onChange: (keys) => setSelected(keys as number[]) }}
          pagination={{ current: c.page.pageNum, pageSize: c.page.pageSize, total: c.total, showSizeChanger: true, showTotal: (t) => `共 ${t} 条`, onChange: c.setPage }}
          columns={[
            { title: '用户编号', dataIndex: 'userId', width: 90 },
            { title: '用户名称', dataIndex: 'userName' },
            { title: '用户昵称', dataIndex: 'nickName' },
            { title: '部门', render: (_, u) => u.deptName ?? '' },
            { title: '手机号码', dataIndex: 'phonenumber' },
            {
              title: '状态',
              dataIndex: 'status',
              render: (_, u) =>
                u.pendingApproval ? (
                  <Tag color="orange">待审核</Tag>
                ) : (
                  <Switch checked={u.status === '0'} disabled={u.userId === 1 || !canEdit} onChange={(on) => toggleStatus(u, on)} />
                ),
            },
            { title: '创建时间', dataIndex: 'createTime', width: 170, render: formatDateTime },
            {
              title: '操作',
              render: (_, u) => (
                <Space size={0}>
                  {u.pendingApproval ? (
                    <Authorized perms={['system:user:edit']}>
                      <Button type="link" size="small" onClick={() => approve(u)}>审核通过</Button>
                      <Button type="link" size="small" danger onClick={() => reject(u)}>驳回</Button>
                    </Authorized>
                  ) : null}
                  <Authorized perms={['system:user:edit']}><Button type="link" size="small" onClick={async () => setEditing(await c.load(u.userId!))}>修改</Button></Authorized>
                  {u.userId === 1 ? null : (
                    <Authorized perms={['system:user:remove']}><Button type="link" size="small" danger onClick={() => remove([u.userId!])}>删除</Button></Authorized>
                  )}
                  <Authorized perms={['system:user:resetPwd', 'system:user:edit']}><Button type="link" size="small" onClick={() => setResetting(u)}>重置密码</Button></Authorized>
                </Space>
              ),
            },
          ]}
        />
      </Col>
      <UserDialog
        user={editing}
        deptTree={c.deptTree}
        roleOptions={c.roleOptions}
        saving={c.save.pending}
        onSave={(u) => void save(u).catch(() => undefined)}
        onClose={() => setEditing(undefined)}
      />
      <UserImportDialog
        open={importing}
        importing={c.importSheet.pending}
        onImport={c.importSheet.run}
        onDownloadTemplate={c.downloadTemplate}
        onClose={() => setImporting(false)}
      />
      <ResetPasswordPrompt
        user={resetting}
        onClose={() => setResetting(undefined)}
        onReset={async (password) => {
          await c.resetPassword.run(resetting!.userId!, password);
          void message.success(`修改成功，新密码是：${password}`);
          setResetting(undefined);
        }}
      />
    </Row>
  );
}
