/**
 * 门户发布 of a form (issue 32 item 1): make its records a portal section's content. The
 * administrator picks the section, the title / date / category fields, the published fields
 * (only types that stand alone are offered) and what marks a record published: its status 正常,
 * and/or a field's value (e.g. 是否发布 = 是). Only those fields of those records are public.
 */
import { Checkbox, Form, Input, InputNumber, Modal, Select, Switch, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { getPortalSetting, savePortalSetting, type PortalSettingBody, type PortalSettingView } from '../../../api/portal';

/** The dialog of `form`; `onClose` when closed or saved. */
export default function PortalSettingDialog({ form, onClose }: { form: string; onClose: () => void }) {
  const [view, setView] = useState<PortalSettingView | null>(null);
  const [saving, setSaving] = useState(false);
  const [f] = Form.useForm<PortalSettingBody & { byStatus: boolean }>();
  useEffect(() => {
    let live = true;
    // A failed request has already been shown by the HTTP client.
    getPortalSetting(form).then((v) => {
      if (!live) return;
      setView(v);
      const { configured: _c, updateBy: _u, formFields: _f, sections: _s, ...setting } = v;
      f.setFieldsValue({ ...setting, publishStatus: setting.publishStatus === 0 ? 0 : 1, byStatus: setting.publishStatus !== null } as never);
    }, () => undefined);
    return () => {
      live = false;
    };
  }, [form, f]);
  const publishable = (view?.formFields ?? []).filter((x) => x.publishable).map((x) => ({ label: x.label, value: x.enName, type: x.funcType }));
  const ofType = (...types: string[]) => publishable.filter((x) => types.includes(x.type));
  const markers = (view?.formFields ?? []).filter((x) => x.marker).map((x) => ({ label: x.label, value: x.enName }));

  return (
    <Modal
      title="门户发布"
      open
      width={640}
      maskClosable={false}
      okText="保存"
      cancelText="取消"
      confirmLoading={saving}
      okButtonProps={{ disabled: !view }}
      onCancel={onClose}
      onOk={async () => {
        const v = await f.validateFields();
        setSaving(true);
        try {
          const { byStatus, ...body } = v;
          await savePortalSetting(form, {
            ...body,
            dateField: body.dateField ?? null,
            categoryField: body.categoryField ?? null,
            publishStatus: byStatus ? 1 : null,
            publishField: body.publishField ?? null,
            publishValue: body.publishField ? String(body.publishValue ?? '') : null,
            sort: body.sort ?? 0,
            fields: body.fields ?? [],
          });
          onClose();
        } catch {
          // Shown by the HTTP client; the dialog stays open.
        } finally {
          setSaving(false);
        }
      }}
    >
      {view ? (
        <Form form={f} layout="horizontal" labelCol={{ span: 6 }}>
          <Form.Item name="enabled" label="发布到门户" valuePropName="checked">
            <Switch />
          </Form.Item>
          <Form.Item name="section" label="门户栏目" rules={[{ required: true, message: '请选择门户栏目' }]}>
            <Select options={view.sections.map((s) => ({ label: s.title, value: s.key }))} />
          </Form.Item>
          <Form.Item name="titleField" label="标题字段" rules={[{ required: true, message: '请选择标题字段' }]}>
            <Select options={ofType('input', 'textarea')} />
          </Form.Item>
          <Form.Item name="dateField" label="日期字段">
            <Select allowClear options={ofType('dateStamp')} />
          </Form.Item>
          <Form.Item name="categoryField" label="分类字段" tooltip="集团概况的 {lx}：按该字段的取值分页显示">
            <Select allowClear options={ofType('select', 'radio', 'input')} />
          </Form.Item>
          <Form.Item name="fields" label="发布字段" tooltip="只有这些字段对访客公开；用户、部门、附件、关联记录等类型不能发布">
            <Checkbox.Group options={publishable.map(({ label, value }) => ({ label, value }))} />
          </Form.Item>
          <Form.Item name="byStatus" label="单据状态为正常" valuePropName="checked" tooltip="草稿、审批中和作废的记录不发布">
            <Switch />
          </Form.Item>
          <Form.Item name="publishField" label="发布标记字段">
            <Select allowClear options={markers} />
          </Form.Item>
          <Form.Item name="publishValue" label="发布标记取值" tooltip="开关字段填 true；下拉或单选填选项的值">
            <Input />
          </Form.Item>
          <Form.Item name="sort" label="排序">
            <InputNumber min={0} max={9999} />
          </Form.Item>
          <Typography.Text type="secondary">富文本内容发布前会经过安全清理；访客无需登录，内容最多缓存30秒。</Typography.Text>
        </Form>
      ) : (
        '正在加载...'
      )}
    </Modal>
  );
}
