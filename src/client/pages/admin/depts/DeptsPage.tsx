/** 部门管理: the department tree with add / edit / delete. */
import { Button, Form, Input, InputNumber, Modal, Radio, Select, Space, Table, Tag, TreeSelect } from 'antd';
import { useFeedback } from '../../../feedback/useFeedback';
import { useState } from 'react';
import type { SysDept } from '../../../api/depts';
import { useDeptsController } from '../../../controllers/useDeptsController';
import { formatDateTime } from '../../../session/formatDateTime';
import { Authorized } from '../../../routing/Authorized';
import { AddDeptBody } from '../../../../shared/contract/depts';
import { fieldRules, maxLengthOf } from '../common/contractRules';

// The server's rules (src/shared/contract/depts.ts).
const RULES = {
  deptName: fieldRules(AddDeptBody, 'deptName', '部门名称'),
  leader: fieldRules(AddDeptBody, 'leader', '负责人'),
  phone: fieldRules(AddDeptBody, 'phone', '联系电话', { patternMessage: '请输入正确的联系电话' }),
  email: fieldRules(AddDeptBody, 'email', '邮箱'),
};

interface Option {
  value: number;
  title: string;
  children?: Option[];
}

function toOptions(nodes: SysDept[]): Option[] {
  return nodes.map((d) => ({ value: d.deptId!, title: d.deptName, children: d.children?.length ? toOptions(d.children) : undefined }));
}

/** The departments screen. */
export default function DeptsPage() {
  const { message, modal } = useFeedback();
  const c = useDeptsController();
  const [editing, setEditing] = useState<Partial<SysDept> | undefined>();
  const [search] = Form.useForm();
  const [form] = Form.useForm<SysDept>();
  const open = (dept: Partial<SysDept>) => {
    form.resetFields();
    form.setFieldsValue({ orderNum: 0, status: '0', ...dept });
    setEditing(dept);
  };
  const save = async () => {
    const values = await form.validateFields();
    await c.save.run({ ...editing, ...values } as SysDept);
    void message.success(editing?.deptId ? '修改成功' : '新增成功');
    setEditing(undefined);
  };
  const remove = (d: SysDept) =>
    modal.confirm({
      title: '系统提示',
      content: `是否确认删除名称为"${d.deptName}"的数据项？`,
      okText: '确定',
      cancelText: '取消',
      onOk: async () => {
        await c.remove.run(d.deptId!);
        void message.success('删除成功');
      },
    });
  return (
    <>
      <Form form={search} layout="inline" onFinish={(v) => c.search(v)} style={{ marginBottom: 12 }}>
        <Form.Item name="deptName" label="部门名称"><Input placeholder="请输入部门名称" allowClear /></Form.Item>
        <Form.Item name="status" label="状态">
          <Select placeholder="部门状态" allowClear style={{ width: 120 }} options={[{ value: '0', label: '正常' }, { value: '1', label: '停用' }]} />
        </Form.Item>
        <Space>
          <Button type="primary" htmlType="submit">搜索</Button>
          <Button onClick={() => { search.resetFields(); c.search({}); }}>重置</Button>
        </Space>
      </Form>
      <Authorized perms={['system:dept:add']}><Button type="primary" ghost style={{ marginBottom: 12 }} onClick={() => open({ parentId: c.tree[0]?.deptId })}>新增</Button></Authorized>
      <Table<SysDept>
        rowKey="deptId"
        size="middle"
        loading={c.loading}
        dataSource={c.tree}
        pagination={false}
        expandable={{ defaultExpandAllRows: true }}
        key={c.rows.length}
        columns={[
          { title: '部门名称', dataIndex: 'deptName' },
          { title: '排序', dataIndex: 'orderNum', width: 80 },
          { title: '负责人', dataIndex: 'leader' },
          { title: '状态', dataIndex: 'status', render: (s) => (s === '1' ? <Tag>停用</Tag> : <Tag color="blue">正常</Tag>) },
          { title: '创建时间', dataIndex: 'createTime', width: 170, render: formatDateTime },
          {
            title: '操作',
            render: (_, d) => (
              <Space size={0}>
                <Authorized perms={['system:dept:edit']}><Button type="link" size="small" onClick={() => open(d)}>修改</Button></Authorized>
                <Authorized perms={['system:dept:add']}><Button type="link" size="small" onClick={() => open({ parentId: d.deptId })}>新增</Button></Authorized>
                {d.parentId ? <Authorized perms={['system:dept:remove']}><Button type="link" size="small" danger onClick={() => remove(d)}>删除</Button></Authorized> : null}
              </Space>
            ),
          },
        ]}
      />
      <Modal
        title={editing?.deptId ? '修改部门' : '添加部门'}
        open={!!editing}
        okText="确 定"
        cancelText="取 消"
        confirmLoading={c.save.pending}
        onOk={() => void save().catch(() => undefined)}
        onCancel={() => setEditing(undefined)}
        maskClosable={false}
        forceRender
      >
        <Form form={form} name="deptDialog" labelCol={{ span: 5 }}>
          {editing?.parentId === 0 ? null : (
            <Form.Item name="parentId" label="上级部门" rules={[{ required: true, message: '上级部门不能为空' }]}>
              <TreeSelect treeData={toOptions(c.tree)} treeDefaultExpandAll placeholder="选择上级部门" />
            </Form.Item>
          )}
          <Form.Item name="deptName" label="部门名称" rules={RULES.deptName}><Input placeholder="请输入部门名称" maxLength={maxLengthOf(AddDeptBody, 'deptName')} /></Form.Item>
          <Form.Item name="orderNum" label="显示排序" rules={[{ required: true, message: '显示排序不能为空' }]}><InputNumber min={0} /></Form.Item>
          <Form.Item name="leader" label="负责人" rules={RULES.leader}><Input placeholder="请输入负责人" maxLength={maxLengthOf(AddDeptBody, 'leader')} /></Form.Item>
          <Form.Item name="phone" label="联系电话" rules={RULES.phone}><Input placeholder="请输入联系电话" maxLength={maxLengthOf(AddDeptBody, 'phone')} /></Form.Item>
          <Form.Item name="email" label="邮箱" rules={[...RULES.email, { type: 'email', message: '请输入正确的邮箱地址' }]}><Input placeholder="请输入邮箱" maxLength={maxLengthOf(AddDeptBody, 'email')} /></Form.Item>
          <Form.Item name="status" label="部门状态"><Radio.Group options={[{ value: '0', label: '正常' }, { value: '1', label: '停用' }]} /></Form.Item>
        </Form>
      </Modal>
    </>
  );
}
