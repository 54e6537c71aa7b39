/** The add / edit dialog of 菜单管理: type, parent, icon, page kind (form list, screen, external link), permission. */
import { Checkbox, Form, Input, InputNumber, Modal, Radio, Select, Space, TreeSelect } from 'antd';
import { useEffect } from 'react';
import type { FormSummary } from '../../../api/forms';
import type { SysMenu } from '../../../api/menus';
import type { MenuTreeRow } from '../../../controllers/useMenusController';
import { MENU_ICON_NAMES, menuIcon } from '../../../routing/menuIcons';
import { AddMenuBody, AUTO_COMPONENT } from '../../../../shared/contract/menus';
import { FORM_ACTIONS } from '../../../../shared/formPermissions';
import { fieldRules, maxLengthOf } from '../common/contractRules';

/** What a 菜单 (C) opens: a generated form list, a screen of this app, or an external address. */
type PageKind = 'auto' | 'view' | 'link';
type Values = SysMenu & { pageKind?: PageKind };

const RULES = { menuName: fieldRules(AddMenuBody, 'menuName', '菜单名称') };

interface ParentOption {
  value: number;
  title: string;
  disabled?: boolean;
  children?: ParentOption[];
}

/** Directories and menus as parents (buttons hold nothing); the menu itself and its subtree are not offered. */
function parentOptions(rows: MenuTreeRow[], selfId: number | undefined): ParentOption[] {
  return rows
    .filter((m) => m.menuType !== 'F' && m.menuId !== selfId)
    .map((m) => {
      const kids = parentOptions(m.children ?? [], selfId);
      return { value: m.menuId!, title: m.menuName, ...(kids.length ? { children: kids } : {}) };
    });
}

function kindOf(m: SysMenu): PageKind {
  if (m.isFrame === '0') return 'link';
  return m.component === AUTO_COMPONENT || (!m.menuId && !m.component) ? 'auto' : 'view';
}

/** The body the server gets from the dialog's values. */
export function toBody(v: Values): SysMenu {
  const { pageKind, ...m } = v;
  if (m.menuType !== 'C') return { ...m, isFrame: '1', createButtons: undefined };
  if (pageKind === 'link') return { ...m, isFrame: '0', component: '', formName: '', createButtons: undefined };
  if (pageKind === 'auto') return { ...m, isFrame: '1', component: AUTO_COMPONENT };
  return { ...m, isFrame: '1', formName: '', createButtons: undefined };
}

/** Open while `value` is set. */
export function MenuDialog(props: { value: SysMenu | undefined; tree: MenuTreeRow[]; forms: FormSummary[]; saving: boolean; onSave: (m: SysMenu) => Promise<void>; onClose: () => void }) {
  const [form] = Form.useForm<Values>();
  const { value } = props;
  const menuType = Form.useWatch('menuType', form);
  const pageKind = Form.useWatch('pageKind', form);
  useEffect(() => {
    if (!value) return;
    form.resetFields();
    form.setFieldsValue({ orderNum: 0, visible: '0', status: '0', isFrame: '1', icon: '', ...value, pageKind: kindOf(value), createButtons: !value.menuId });
  }, [form, value]);
  const pickForm = (enName: string) => {
    const f = props.forms.find((x) => x.enName === enName);
    const cur = form.getFieldsValue();
    form.setFieldsValue({ path: `/auto/${enName}`, perms: `auto:${enName}:query`, ...(cur.menuName ? {} : { menuName: f?.cnName ?? enName }) });
  };
  const isNew = !value?.menuId;
  return (
    <Modal
      title={isNew ? '添加菜单' : '修改菜单'}
      open={!!value}
      width={640}
      okText="确 定"
      cancelText="取 消"
      confirmLoading={props.saving}
      onCancel={props.onClose}
      onOk={() => form.validateFields().then((v) => props.onSave(toBody({ ...value, ...v } as Values))).catch(() => undefined)}
      maskClosable={false}
      forceRender
    >
      <Form form={form} name="menuDialog" labelCol={{ span: 5 }}>
        <Form.Item name="parentId" label="上级菜单" rules={[{ required: true, message: '上级菜单不能为空' }]}>
          <TreeSelect treeData={[{ value: 0, title: '主类目', children: parentOptions(props.tree, value?.menuId) }]} treeDefaultExpandAll placeholder="选择上级菜单" />
        </Form.Item>
        <Form.Item name="menuType" label="菜单类型">
          <Radio.Group options={[{ value: 'M', label: '目录' }, { value: 'C', label: '菜单' }, { value: 'F', label: '按钮' }]} />
        </Form.Item>
        {menuType !== 'F' && (
          <Form.Item name="icon" label="菜单图标">
            <Select
              allowClear
              showSearch
              placeholder="点击选择图标"
              options={MENU_ICON_NAMES.map((name) => ({ value: name, label: <Space>{menuIcon(name)}{name}</Space> }))}
            />
          </Form.Item>
        )}
        {menuType === 'C' && (
          <Form.Item name="pageKind" label="页面类型">
            <Radio.Group options={[{ value: 'auto', label: '表单列表' }, { value: 'view', label: '系统页面' }, { value: 'link', label: '外链' }]} />
          </Form.Item>
        )}
        {menuType === 'C' && pageKind === 'auto' && (
          <Form.Item name="formName" label="表单" rules={[{ required: true, message: '请选择表单' }]}>
            <Select showSearch optionFilterProp="label" placeholder="请选择表单" onChange={pickForm} options={props.forms.map((f) => ({ value: f.enName, label: `${f.cnName} (${f.enName})` }))} />
          </Form.Item>
        )}
        <Form.Item name="menuName" label="菜单名称" rules={RULES.menuName}><Input placeholder="请输入菜单名称" maxLength={maxLengthOf(AddMenuBody, 'menuName')} /></Form.Item>
        <Form.Item name="orderNum" label="显示排序" rules={[{ required: true, message: '菜单顺序不能为空' }]}><InputNumber min={0} max={99999} /></Form.Item>
        {menuType !== 'F' && (
          <Form.Item
            name="path"
            label={pageKind === 'link' && menuType === 'C' ? '外链地址' : '路由地址'}
            rules={[
              { required: true, message: '路由地址不能为空' },
              ...(pageKind === 'link' && menuType === 'C' ? [{ pattern: /^https?:\/\//, message: '地址必须以http(s)://开头' }] : []),
            ]}
          >
            <Input placeholder={pageKind === 'link' && menuType === 'C' ? 'https://…' : '请输入路由地址'} maxLength={255} />
          </Form.Item>
        )}
        {menuType === 'C' && pageKind === 'view' && (
          <Form.Item name="component" label="组件路径" rules={[{ required: true, message: '组件路径不能为空' }]}><Input placeholder="如 system/user/index" maxLength={255} /></Form.Item>
        )}
        {menuType !== 'M' && (
          <Form.Item name="perms" label="权限字符" extra="多个用逗号分隔；菜单对持有其中任一权限的用户显示">
            <Input placeholder="如 system:user:list" maxLength={500} />
          </Form.Item>
        )}
        {menuType !== 'F' && (
          <Form.Item name="visible" label="显示状态"><Radio.Group options={[{ value: '0', label: '显示' }, { value: '1', label: '隐藏' }]} /></Form.Item>
        )}
        <Form.Item name="status" label="菜单状态"><Radio.Group options={[{ value: '0', label: '正常' }, { value: '1', label: '停用' }]} /></Form.Item>
        {isNew && menuType === 'C' && pageKind === 'auto' && (
          <Form.Item name="createButtons" valuePropName="checked" wrapperCol={{ offset: 5 }}>
            <Checkbox>同时生成按钮权限（{FORM_ACTIONS.map((a) => a.label).join('、')}）</Checkbox>
          </Form.Item>
        )}
      </Form>
    </Modal>
  );
}
