/** Add / edit a user. */
import { Form, Input, Modal, Radio, Select, TreeSelect } from 'antd';
import { useEffect } from 'react';
import type { DeptNode } from '../../../api/depts';
import type { SysUser } from '../../../api/users';
import { toTreeSelect } from '../common/toTreeSelect';

/** The dialog; `user` undefined → closed, `{}` → add. */
export function UserDialog(props: {
  user: SysUser | undefined;
  deptTree: DeptNode[];
  roleOptions: { value: number; label: string }[];
  saving: boolean;
  onSave: (user: SysUser) => void;
  onClose: () => void;
}) {
  const [form] = Form.useForm<SysUser>();
  const editing = !!props.user?.userId;
  useEffect(() => {
    if (props.user) {
      form.resetFields();
      form.setFieldsValue({ sex: '0', status: '0', roleIds: [], ...props.user });
    }
  }, [form, props.user]);
  return (
    <Modal
      title={editing ? '修改用户' : '添加用户'}
      open={!!props.user}
      width={600}
      okText="确 定"
      cancelText="取 消"
      confirmLoading={props.saving}
      onCancel={props.onClose}
      onOk={() => form.validateFields().then((v) => props.onSave({ ...props.user, ...v }))}
      maskClosable={false}
      destroyOnHidden
    >
      <Form form={form} name="userDialog" labelCol={{ span: 5 }} preserve={false}>
        <Form.Item name="nickName" label="用户昵称" rules={[{ required: true, whitespace: true, message: '用户昵称不能为空' }]}>
          <Input placeholder="请输入用户昵称" maxLength={30} />
        </Form.Item>
        <Form.Item name="deptId" label="归属部门">
          <TreeSelect placeholder="请选择归属部门" treeData={toTreeSelect(props.deptTree)} treeDefaultExpandAll allowClear />
        </Form.Item>
        <Form.Item name="phonenumber" label="手机号码" rules={[{ pattern: /^1[3-9]\d{9}$/, message: '请输入正确的手机号码' }]}>
          <Input placeholder="请输入手机号码" maxLength={11} />
        </Form.Item>
        <Form.Item name="email" label="邮箱" rules={[{ type: 'email', message: '请输入正确的邮箱地址' }]}>
          <Input placeholder="请输入邮箱" maxLength={50} />
        </Form.Item>
        {editing ? null : (
          <>
            <Form.Item
              name="userName"
              label="用户名称"
              rules={[
                { required: true, whitespace: true, message: '用户名称不能为空' },
                { min: 2, max: 20, message: '用户名称长度必须介于 2 和 20 之间' },
              ]}
            >
              <Input placeholder="请输入用户名称" maxLength={30} />
            </Form.Item>
            <Form.Item
              name="password"
              label="用户密码"
              rules={[
                { required: true, message: '用户密码不能为空' },
                { min: 5, max: 20, message: '用户密码长度必须介于 5 和 20 之间' },
              ]}
            >
              <Input.Password placeholder="请输入用户密码" maxLength={20} />
            </Form.Item>
          </>
        )}
        <Form.Item name="sex" label="用户性别">
          <Select options={[{ value: '0', label: '男' }, { value: '1', label: '女' }, { value: '2', label: '未知' }]} />
        </Form.Item>
        <Form.Item name="status" label="状态">
          <Radio.Group options={[{ value: '0', label: '正常' }, { value: '1', label: '停用' }]} />
        </Form.Item>
        <Form.Item name="roleIds" label="角色">
          <Select mode="multiple" placeholder="请选择角色" options={props.roleOptions} />
        </Form.Item>
        <Form.Item name="remark" label="备注">
          <Input.TextArea rows={3} placeholder="请输入内容" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
