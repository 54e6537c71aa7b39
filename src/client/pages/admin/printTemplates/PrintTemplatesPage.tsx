/** 打印模版 of one form, reached from 表单配置: the list, add / edit with the body editor and preview, delete. */
import { Button, Space, Table, Typography } from 'antd';
import { useFeedback } from '../../../feedback/useFeedback';
import { lazy, Suspense, useState } from 'react';
import type { PrintTemplate, PrintTemplateInput } from '../../../api/print';
import { NEW_TEMPLATE, usePrintTemplatesController } from '../../../controllers/usePrintTemplatesController';
import { formatDateTime } from '../../../session/formatDateTime';
import { confirmDelete } from '../common/confirmDelete';
import { Authorized } from '../../../routing/Authorized';
import { TemplateEditor } from './TemplateEditor';
import type { PrintLayoutModel } from '../../../../shared/print/layout/layoutModel';

// The visual designer (and dnd-kit with it) loads when first opened.
const LayoutDesigner = lazy(() => import('./layoutDesigner/LayoutDesigner'));

const paperText = (t: PrintTemplate) => `${t.paper} ${t.orientation === 'landscape' ? '横向' : '纵向'}`;

/** The screen for the form `formName`. */
export default function PrintTemplatesPage({ formName }: { formName: string }) {
  const app = useFeedback();
  const c = usePrintTemplatesController(formName);
  const [editing, setEditing] = useState<PrintTemplateInput | undefined>();
  const [designing, setDesigning] = useState<PrintTemplateInput | undefined>();
  const open = (t?: PrintTemplate) => {
    c.clearPreview();
    if (t?.kind === 'layout') return setDesigning({ ...t, layout: t.layout as PrintLayoutModel });
    setEditing(t ? { ...t, layout: null } : { ...NEW_TEMPLATE, formName });
  };
  const save = async (t: PrintTemplateInput) => {
    await c.save(t);
    void app.message.success(t.id ? '修改成功' : '新增成功');
    setEditing(undefined);
    setDesigning(undefined);
  };
  return (
    <>
      <Space style={{ marginBottom: 12 }}>
        <Typography.Title level={5} style={{ margin: 0 }}>打印模版 · {c.definition?.cnName ?? formName}</Typography.Title>
        <Authorized perms={['flowable:form:add', 'flowable:form:edit']}><Button type="primary" onClick={() => open()}>新增</Button></Authorized>
        <Authorized perms={['flowable:form:add', 'flowable:form:edit']}><Button onClick={() => setDesigning({ ...NEW_TEMPLATE, header: '', footer: '', formName })} disabled={!c.definition}>新增版式模版</Button></Authorized>
      </Space>
      <Table<PrintTemplate>
        rowKey="id"
        size="middle"
        loading={c.loading}
        dataSource={c.rows}
        pagination={false}
        columns={[
          { title: '模版名称', dataIndex: 'name' },
          { title: '类型', dataIndex: 'kind', width: 90, render: (k: string) => (k === 'layout' ? '版式' : 'HTML') },
          { title: '纸张', render: (_, t) => paperText(t), width: 120 },
          { title: 'Word模版', dataIndex: 'docxName', render: (n?: string) => n || '-' },
          { title: '页边距(mm)', render: (_, t) => `${t.marginTop} / ${t.marginRight} / ${t.marginBottom} / ${t.marginLeft}`, width: 140 },
          { title: '更新时间', dataIndex: 'updateTime', width: 170, render: formatDateTime },
          {
            title: '操作',
            width: 140,
            render: (_, t) => (
              <Space size={0}>
                <Authorized perms={['flowable:form:edit']}><Button type="link" size="small" onClick={() => open(t)}>修改</Button></Authorized>
                <Authorized perms={['flowable:form:remove', 'flowable:form:edit']}>
                  <Button type="link" size="small" danger onClick={() => confirmDelete(app, '打印模版', [t.name], () => c.remove([t.id]))}>删除</Button>
                </Authorized>
              </Space>
            ),
          },
        ]}
      />
      <TemplateEditor
        value={editing}
        definition={c.definition}
        saving={c.saving}
        preview={c.preview}
        previewing={c.previewing}
        onPreview={(t) => void c.runPreview(t)}
        docxName={c.rows.find((t) => t.id === editing?.id)?.docxName}
        onDocx={async (file) => {
          if (!editing?.id) return;
          await c.setDocx(editing.id, file);
          void app.message.success(file ? '上传成功' : '删除成功');
        }}
        onSave={save}
        onClose={() => setEditing(undefined)}
      />
      {designing && c.definition ? (
        <Suspense fallback={null}>
          <LayoutDesigner value={designing} definition={c.definition} saving={c.saving} onPreview={c.previewWith} onSave={save} onClose={() => setDesigning(undefined)} />
        </Suspense>
      ) : null}
    </>
  );
}
