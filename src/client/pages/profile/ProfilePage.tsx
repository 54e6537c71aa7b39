/** 个人中心: user card with avatar upload, profile edit and password change. */
import { UserOutlined } from '@ant-design/icons';
import { Avatar, Button, Card, Col, Descriptions, Form, Input, Radio, Row, Tabs, Upload } from 'antd';
import { useFeedback } from '../../feedback/useFeedback';
import { useEffect } from 'react';
import { useAvatarSrc } from '../../controllers/useAvatarSrc';
import { useProfileController } from '../../controllers/useProfileController';
import { sessionStore } from '../../session/sessionStore';
import { useQueryParams } from '../../routing/navigation';
import { ProfileEditBody } from '../../../shared/contract/users';
import { fieldRules } from '../admin/common/contractRules';

// The server's phone rule (src/shared/contract/users.ts), with the page's message.
const PHONE_RULES = fieldRules(ProfileEditBody, 'phonenumber', '手机号码', { patternMessage: '请输入正确的手机号码' });

/** The personal centre. */
export default function ProfilePage() {
  const { message } = useFeedback();
  const c = useProfileController();
  const tab = useQueryParams().get('tab') === 'password' ? 'password' : 'profile';
  const [profileForm] = Form.useForm();
  const [passwordForm] = Form.useForm();
  useEffect(() => {
    if (c.user) profileForm.setFieldsValue(c.user);
  }, [c.user, profileForm]);
  const u = c.user;
  const tenantName = sessionStore.use((s) => s.user?.tenantName);
  const avatarSrc = useAvatarSrc(u?.avatar);
  return (
    <Row gutter={16}>
      <Col xs={24} md={8}>
        <Card title="个人信息" variant="borderless">
          <div style={{ textAlign: 'center', marginBottom: 16 }}>
            <Upload
              accept="image/png,image/jpeg,image/gif,image/webp"
              showUploadList={false}
              customRequest={({ file }) =>
                void c.avatar.run(file as File).then(() => message.success('修改成功')).catch(() => undefined)
              }
            >
              <Avatar size={100} src={avatarSrc} alt="头像" icon={<UserOutlined />} style={{ cursor: 'pointer' }} aria-label="点击上传头像" />
            </Upload>
          </div>
          <Descriptions column={1} size="small">
            <Descriptions.Item label="用户名称">{u?.userName}</Descriptions.Item>
            <Descriptions.Item label="手机号码">{u?.phonenumber}</Descriptions.Item>
            <Descriptions.Item label="用户邮箱">{u?.email}</Descriptions.Item>
            <Descriptions.Item label="所属部门">{u?.deptName}</Descriptions.Item>
            <Descriptions.Item label="所属角色">{c.roleGroup ?? u?.roleNames?.join(',')}</Descriptions.Item>
            <Descriptions.Item label="租户">{tenantName}</Descriptions.Item>
          </Descriptions>
        </Card>
      </Col>
      <Col xs={24} md={16}>
        <Card title="基本资料" variant="borderless">
          <Tabs
            defaultActiveKey={tab}
            items={[
              {
                key: 'profile',
                label: '基本资料',
                children: (
                  <Form
                    form={profileForm}
                    labelCol={{ span: 4 }}
                    style={{ maxWidth: 520 }}
                    onFinish={(v) => void c.save.run(v).then(() => message.success('修改成功')).catch(() => undefined)}
                  >
                    <Form.Item name="nickName" label="用户昵称" rules={[{ required: true, whitespace: true, message: '用户昵称不能为空' }]}><Input maxLength={30} /></Form.Item>
                    <Form.Item name="phonenumber" label="手机号码" rules={[{ required: true, message: '手机号码不能为空' }, ...PHONE_RULES]}><Input maxLength={11} /></Form.Item>
                    <Form.Item name="email" label="邮箱" rules={[{ type: 'email', message: '请输入正确的邮箱地址' }]}><Input maxLength={50} /></Form.Item>
                    <Form.Item name="sex" label="性别"><Radio.Group options={[{ value: '0', label: '男' }, { value: '1', label: '女' }]} /></Form.Item>
                    <Form.Item wrapperCol={{ offset: 4 }}><Button type="primary" htmlType="submit" loading={c.save.pending}>保存</Button></Form.Item>
                  </Form>
                ),
              },
              {
                key: 'password',
                label: '修改密码',
                children: (
                  <Form
                    form={passwordForm}
                    labelCol={{ span: 4 }}
                    style={{ maxWidth: 520 }}
                    onFinish={(v) =>
                      void c.changePassword
                        .run(v.oldPassword, v.newPassword)
                        .then(() => {
                          passwordForm.resetFields();
                          return message.success('修改成功');
                        })
                        .catch(() => undefined)
                    }
                  >
                    <Form.Item name="oldPassword" label="旧密码" rules={[{ required: true, message: '旧密码不能为空' }]}><Input.Password placeholder="请输入旧密码" /></Form.Item>
                    <Form.Item name="newPassword" label="新密码" rules={[{ required: true, message: '新密码不能为空' }, { min: 6, max: 20, message: '长度在 6 到 20 个字符' }]}><Input.Password placeholder="请输入新密码" /></Form.Item>
                    <Form.Item
                      name="confirmPassword"
                      label="确认密码"
                      dependencies={['newPassword']}
                      rules={[
                        { required: true, message: '确认密码不能为空' },
                        ({ getFieldValue }) => ({
                          validator: (_, value) => (!value || getFieldValue('newPassword') === value ? Promise.resolve() : Promise.reject(new Error('两次输入的密码不一致'))),
                        }),
                      ]}
                    >
                      <Input.Password placeholder="请确认新密码" />
                    </Form.Item>
                    <Form.Item wrapperCol={{ offset: 4 }}><Button type="primary" htmlType="submit" loading={c.changePassword.pending}>保存</Button></Form.Item>
                  </Form>
                ),
              },
            ]}
          />
        </Card>
      </Col>
    </Row>
  );
}
