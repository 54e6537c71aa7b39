/** Add / edit a user. */
import { Form, Input, Modal, Radio, Select, TreeSelect } from 'antd';
import { useEffect } from 'react';
import type { DeptNode } from '../../../api/depts';
import type { SysUser } from '../../../api/users';
import { toTreeSelect } from '../common/toTreeSelect';
import { AddUserBody, EditUserBody, USER_NAME_HINT } from '../../../../shared/contract/users';
import { fieldRules, maxLengthOf } from '../common/contractRules';

// The rules are the server's (src/shared/contract/users.ts); the messages are the dialog's.
const RULES = {
  nickName: fieldRules(EditUserBody, 'nickName', '用户昵称'),
  phonenumber: fieldRules(EditUserBody, 'phonenumber', '手机号码', { patternMessage: '请输入正确的手机号码' }),
  email: fieldRules(EditUserBody, 'email', '邮箱'),
  userName: fieldRules(AddUserBody, 'userName', '用户名称', { patternMessage: USER_NAME_HINT }),
  password: fieldRules(AddUserBody, 'password', '用户密码'),
  remark: fieldRules(EditUserBody, 'remark', '备注'),
};

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
        <Form.Item name="nickName" label="用户昵称" rules={RULES.nickName}>
          <Input placeholder="请输入用户昵称" maxLength={maxLengthOf(EditUserBody, 'nickName')} />
        </Form.Item>
        <Form.Item name="deptId" label="归属部门">
          <TreeSelect placeholder="请选择归属部门" treeData={toTreeSelect(props.deptTree)} treeDefaultExpandAll allowClear />
        </Form.Item>
        <Form.Item name="phonenumber" label="手机号码" rules={RULES.phonenumber}>
          <Input placeholder="请输入手机号码" maxLength={11} />
        </Form.Item>
        <Form.Item name="email" label="邮箱" rules={[...RULES.email, { type: 'email', message: '请输入正确的邮箱地址' }]}>
          <Input placeholder="请输入邮箱" maxLength={maxLengthOf(EditUserBody, 'email')} />
        </Form.Item>
        {editing ? null : (
          <>
            <Form.Item
              name="userName"
              label="用户名称"
              rules={RULES.userName}
            >
              <Input placeholder="请输入用户名称" maxLength={maxLengthOf(AddUserBody, 'userName')} />
            </Form.Item>
            <Form.Item
              name="password"
              label="用户密码"
              rules={RULES.password}
            >
              <Input.Password placeholder="请输入用户密码" maxLength={maxLengthOf(AddUserBody, 'password')} />
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
        <Form.Item name="remark" label="备注" rules={RULES.remark}>
          <Input.TextArea rows={3} placeholder="请输入内容" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
