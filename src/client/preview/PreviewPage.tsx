/**
 * /preview — the schema preview for form administrators, entirely in the browser: choose a
 * definition of fixtures/forms or paste / upload one; its validation problems; the generated
 * Formily schema (collapsible JSON); the live form in add / edit / detail / flow mode under a
 * switchable user context; the list columns with generated sample rows.
 */
import { UploadOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Col, Collapse, Input, Row, Select, Space, Table, Typography, Upload } from 'antd';
import { cellText } from '../fields/data/cellText';
import { PreviewFormPanel } from './LivePreview';
import { usePreview } from './usePreview';

/** The page. */
export default function PreviewPage() {
  const p = usePreview();
  return (
    <Card variant="borderless" title="表单预览" className="fw-preview">
      <Row gutter={16}>
        <Col xs={24} xl={8}>
          <Space direction="vertical" style={{ width: '100%' }}>
            <Space wrap>
              <Select aria-label="选择示例定义" style={{ width: 240 }} value={p.fixture || undefined} placeholder="选择示例定义" options={p.fixtures.map((f) => ({ label: `${f.def.cnName}（${f.name}）`, value: f.name }))} onChange={p.chooseFixture} />
              <Upload accept=".json,application/json" showUploadList={false} beforeUpload={(file) => { void file.text().then(p.setText); return false; }}>
                <Button icon={<UploadOutlined />}>上传定义</Button>
              </Upload>
            </Space>
            <Input.TextArea aria-label="表单定义 JSON" value={p.text} onChange={(e) => p.setText(e.target.value)} autoSize={{ minRows: 16, maxRows: 32 }} style={{ fontFamily: 'monospace', fontSize: 12 }} />
            {p.problems.length ? (
              <Alert type="error" showIcon message={`定义有 ${p.problems.length} 个问题`} description={<ul className="fw-preview-problems">{p.problems.map((x, i) => <li key={i}>{x.message}</li>)}</ul>} />
            ) : (
              <Alert type="success" showIcon message="定义校验通过" />
            )}
          </Space>
        </Col>
        <Col xs={24} xl={16}>
          <Space direction="vertical" style={{ width: '100%' }}>
            <PreviewFormPanel
              def={p.def}
              built={p.built}
              modes={p.modes}
              empty="定义有问题，改正后显示表单"
              extra={<Button size="small" onClick={() => void p.built?.form.validate().catch(() => undefined)}>校验</Button>}
            />
            <Collapse
              items={[
                { key: 'schema', label: 'Formily Schema（JSON）', children: <pre className="fw-preview-json" style={{ maxHeight: 480, overflow: 'auto', fontSize: 12 }}>{JSON.stringify(p.rawSchema, null, 2)}</pre> },
              ]}
            />
            <Typography.Title level={5}>列表列与示例数据</Typography.Title>
            <Table
              size="small"
              rowKey="id"
              scroll={{ x: 'max-content' }}
              pagination={false}
              dataSource={p.rows}
              columns={p.columns
                .filter((c) => c.visible && c.kind !== 'actions')
                .map((c) => ({ key: c.key, title: c.header, width: c.width, render: (_: unknown, r: Record<string, unknown>) => (c.kind === 'status' ? String(r.sys_status) : cellText(c, r)) }))}
            />
          </Space>
        </Col>
      </Row>
    </Card>
  );
}
