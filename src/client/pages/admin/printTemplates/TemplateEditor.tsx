/** The add / edit dialog of a print template: paper, margins, header, footer, the body and its preview. */
import { Button, Col, Form, Input, InputNumber, Modal, Radio, Row, Select, Space, Tag, Typography, Upload } from 'antd';
import { useEffect } from 'react';
import type { FormDefinition } from '../../../../../schema-adapters';
import type { PrintTemplateInput } from '../../../api/print';
import type { PrintRender } from '../../../../shared/print/printLayout';
import { PrintPreview } from './PrintPreview';

/** The dialog; open while `value` is set. */
export function TemplateEditor(props: {
  value: PrintTemplateInput | undefined;
  definition?: FormDefinition;
  saving: boolean;
  preview: PrintRender | null;
  previewing: boolean;
  onPreview(t: PrintTemplateInput): void;
  /** The saved template's Word file name ('' when none). */
  docxName?: string;
  /** Uploads (or, with null, removes) the Word template of a saved template. */
  onDocx?(file: File | null): Promise<unknown>;
  onSave(t: PrintTemplateInput): Promise<void>;
  onClose(): void;
}) {
  const [form] = Form.useForm<PrintTemplateInput>();
  const { value } = props;
  useEffect(() => {
    if (value) {
      form.resetFields();
      form.setFieldsValue(value);
    }
  }, [form, value]);
  const current = (): PrintTemplateInput => ({ ...value!, ...form.getFieldsValue() });
  const fields = props.definition?.fields ?? [];
  return (
    <Modal
      title={value?.id ? '修改打印模版' : '新增打印模版'}
      open={!!value}
      width={1100}
      okText="确 定"
      cancelText="取 消"
      confirmLoading={props.saving}
      onCancel={props.onClose}
      onOk={() => form.validateFields().then(() => props.onSave(current())).catch(() => undefined)}
      maskClosable={false}
      forceRender
    >
      <Form form={form} name="printTemplate" layout="vertical">
        <Row gutter={12}>
          <Col span={8}><Form.Item name="name" label="模版名称" rules={[{ required: true, message: '模版名称不能为空' }, { max: 50 }]}><Input /></Form.Item></Col>
          <Col span={4}><Form.Item name="paper" label="纸张"><Select options={[{ value: 'A4', label: 'A4' }, { value: 'A5', label: 'A5' }]} /></Form.Item></Col>
          <Col span={6}><Form.Item name="orientation" label="方向"><Radio.Group options={[{ value: 'portrait', label: '纵向' }, { value: 'landscape', label: '横向' }]} /></Form.Item></Col>
        </Row>
        <Row gutter={12}>
          {(['marginTop', 'marginRight', 'marginBottom', 'marginLeft'] as const).map((k, i) => (
            <Col span={6} key={k}><Form.Item name={k} label={`${['上', '右', '下', '左'][i]}边距(mm)`}><InputNumber min={0} max={60} style={{ width: '100%' }} /></Form.Item></Col>
          ))}
        </Row>
        <Row gutter={12}>
          <Col span={12}><Form.Item name="header" label="页眉"><Input maxLength={200} /></Form.Item></Col>
          <Col span={12}><Form.Item name="footer" label="页脚（页码自动加在右下）"><Input maxLength={200} /></Form.Item></Col>
        </Row>
        <Typography.Paragraph type="secondary" style={{ marginBottom: 4 }}>
          占位符：{'{{标签}}'} 或 {'{{英文名}}'}；子表行：{'<tr data-each="子表名">…</tr>'} 或 {'{{#子表名}}…{{/子表名}}'}；{'{{$qrcode}}'} 二维码，{'{{$form}}'} 表单名，{'{{$printTime}}'} 打印时间，{'{{$printUser}}'} 打印人。
        </Typography.Paragraph>
        <Space size={[4, 4]} wrap style={{ marginBottom: 8 }}>
          {fields.map((f) => <Tag key={f.enName}>{`{{${f.label}}}`} {f.enName}</Tag>)}
        </Space>
        <Form.Item name="body" label="模版内容 (HTML)" rules={[{ required: true, message: '模版内容不能为空' }]}>
          <Input.TextArea rows={14} style={{ fontFamily: 'monospace' }} aria-label="模版内容" />
        </Form.Item>
        <Space>
          <Button onClick={() => props.onPreview(current())} loading={props.previewing}>预览</Button>
          {value?.id && props.onDocx ? (
            <>
              <Upload accept=".docx" showUploadList={false} beforeUpload={(file) => { void props.onDocx!(file).catch(() => undefined); return false; }}>
                <Button>上传Word模版</Button>
              </Upload>
              {props.docxName ? (
                <>
                  <Typography.Text data-testid="docx-name">Word模版：{props.docxName}</Typography.Text>
                  <Button type="link" danger onClick={() => void props.onDocx!(null).catch(() => undefined)}>删除Word模版</Button>
                </>
              ) : null}
            </>
          ) : null}
        </Space>
      </Form>
      {props.preview ? <PrintPreview render={props.preview} /> : null}
    </Modal>
  );
}
