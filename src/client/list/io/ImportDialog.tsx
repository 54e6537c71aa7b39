/**
 * The import dialog (spec 01 §2.5): title = form title + 导入, 400 px, one .xls/.xlsx by drag or
 * click, the hint, the template link and a sub-form template picker. A chosen file is parsed at
 * once (onlyParse) and its first rows and every problem shown, with the error report; 确 定 then
 * imports it (all rows or none) and the result is shown under the title 导入结果. The mode
 * (仅新增 / 仅更新 / 新增或更新) and the key column that finds the record to update (issue 27 item
 * 2) are chosen before or after the file; a change parses again, and the parse says how many rows
 * will be added and updated and which keys match nothing.
 */
import { InboxOutlined } from '@ant-design/icons';
import { Alert, Button, Modal, Progress, Radio, Select, Space, Table, Upload, type UploadFile } from 'antd';
import { useFeedback } from '../../feedback/useFeedback';
import { useEffect, useRef, useState } from 'react';
import type { FormDefinition } from '../../../../schema-adapters';
import { importData, importTemplate } from '../../api/io';
import { progressText, saveBlob, saveDownload, useJob } from './useJob';

/** Spec 01 §2.5: the hint, also the refusal of any other file. */
export const IMPORT_HINT = '提示：仅允许导入“xls”或“xlsx”格式文件！';
const SHEET_NAME = /\.(xls|xlsx)$/i;

export type ImportMode = 'add' | 'update' | 'upsert';
/** The import modes as the dialog offers them. */
export const IMPORT_MODES: { value: ImportMode; label: string }[] = [
  { value: 'add', label: '仅新增' },
  { value: 'update', label: '仅更新' },
  { value: 'upsert', label: '新增或更新' },
];
/** The record id as a key: the column 记录ID. */
export const ID_KEY = { value: 'id', label: '记录ID' };

/** The key choices of a form: serial numbers first (the default), single-line text, then 记录ID (as the server offers them). */
export function keyOptions(def: FormDefinition): { value: string; label: string }[] {
  const main = def.fields.filter((f) => f.funcType === 'serialNumber' || f.funcType === 'input');
  const serials = main.filter((f) => f.funcType === 'serialNumber');
  const texts = main.filter((f) => f.funcType === 'input');
  return [...serials, ...texts].map((f) => ({ value: f.enName, label: f.label })).concat(ID_KEY);
}

/** Open while `open`; `onImported` runs after rows were written (the list refreshes). */
export function ImportDialog(props: { open: boolean; def: FormDefinition; onImported(): void; onClose(): void }) {
  const { message, modal } = useFeedback();
  const [files, setFiles] = useState<UploadFile[]>([]);
  const [parseId, setParseId] = useState<string | null>(null);
  const [importId, setImportId] = useState<string | null>(null);
  const [subPicker, setSubPicker] = useState(false);
  const [sub, setSub] = useState<string | undefined>(undefined);
  const keys = keyOptions(props.def);
  const [mode, setMode] = useState<ImportMode>('add');
  const [key, setKey] = useState<string>(() => (props.def.fields.find((f) => f.funcType === 'serialNumber')?.enName ?? ID_KEY.value));
  const parse = useJob(parseId);
  const imp = useJob(importId);
  const subForms = props.def.fields.filter((f) => f.funcType === 'subForm');
  const title = `${props.def.cnName}导入`;
  const file = files[0]?.originFileObj;

  const reset = () => {
    setFiles([]);
    setParseId(null);
    setImportId(null);
  };
  const close = () => {
    reset();
    props.onClose();
  };
  const template = async (subForm?: string) => {
    const name = subForm ? `${props.def.cnName}-${subForms.find((f) => f.enName === subForm)?.label ?? subForm}导入模板.xlsx` : `${props.def.cnName}导入模板.xlsx`;
    saveBlob(await importTemplate(props.def.enName, subForm), name);
  };

  // A chosen file is parsed at once: its preview and problems show before anything is written.
  useEffect(() => {
    if (!file) return;
    let stale = false;
    setParseId(null);
    setImportId(null);
    importData(props.def.enName, file, file.name, true, { mode, key })
      .then((r) => { if (!stale) setParseId(r.data.jobId); })
      .catch(() => undefined);
    return () => { stale = true; };
  }, [file, props.def.enName, mode, key]);

  // The finished import: the server's message under 导入结果, and the list refreshes.
  const announced = useRef<string | null>(null);
  useEffect(() => {
    const job = imp.job;
    if (!job || job.status !== 'done' || announced.current === job.jobId) return;
    announced.current = job.jobId;
    if (job.result?.success) {
      void message.success(job.result.msg ?? '导入成功');
      modal.info({ title: '导入结果', content: job.result.msg, okText: '确定' });
      props.onImported();
      close();
    }
  });

  const parsed = parse.job?.status === 'done' ? parse.job.result : null;
  const finished = imp.job?.status === 'done' ? imp.job.result : null;
  const shown = finished && !finished.success ? finished : parsed;
  const importing = !!importId && (!imp.job || imp.job.status === 'queued' || imp.job.status === 'running');
  const parsing = !!parseId && (!parse.job || parse.job.status === 'queued' || parse.job.status === 'running');
  const canImport = !!file && !!parsed && parsed.success === true && (parsed.total ?? 0) > 0 && !importing;

  const submit = async () => {
    if (!file) {
      void message.warning('请选择上传文件');
      return;
    }
    if (!canImport) return;
    try {
      setImportId((await importData(props.def.enName, file, file.name, false, { mode, key, parseJob: parseId })).data.jobId);
    } catch {
      // The HTTP client showed the message.
    }
  };
  const active = importing ? imp : parsing ? parse : null;

  return (
    <Modal
      title={title}
      open={props.open}
      width={400}
      maskClosable={false}
      onCancel={() => {
        if (importing) void imp.cancel();
        close();
      }}
      footer={[
        <Button key="cancel" onClick={() => { if (importing) void imp.cancel(); close(); }}>取 消</Button>,
        <Button key="ok" type="primary" disabled={!canImport} loading={importing} onClick={() => void submit()}>确 定</Button>,
      ]}
    >
      <div style={{ marginBottom: 8 }} data-testid="import-mode">
        <Radio.Group
          aria-label="导入方式"
          size="small"
          optionType="button"
          value={mode}
          disabled={importing}
          onChange={(e) => setMode(e.target.value as ImportMode)}
          options={IMPORT_MODES}
        />
        {mode !== 'add' ? (
          <div style={{ marginTop: 6 }}>
            <span>匹配列：</span>
            <Select aria-label="匹配列" size="small" style={{ width: 160 }} value={key} disabled={importing} onChange={setKey} options={keys} />
          </div>
        ) : null}
      </div>
      <Upload.Dragger
        accept=".xls,.xlsx"
        maxCount={1}
        fileList={files}
        beforeUpload={(f) => {
          if (!SHEET_NAME.test(f.name)) {
            void message.error(IMPORT_HINT);
            return Upload.LIST_IGNORE;
          }
          return false;
        }}
        onChange={({ fileList }) => setFiles(fileList.slice(-1))}
        onRemove={() => { reset(); return true; }}
      >
        <p className="ant-upload-drag-icon"><InboxOutlined /></p>
        <p className="ant-upload-text">将文件拖到此处，或点击上传</p>
      </Upload.Dragger>
      <div style={{ marginTop: 4, color: 'rgba(0,0,0,0.45)' }}>
        <span>{IMPORT_HINT}</span>
        <Button type="link" size="small" onClick={() => void template().catch(() => undefined)}>下载模板</Button>
        {subForms.length ? <Button type="link" size="small" onClick={() => setSubPicker(true)}>子表单模板</Button> : null}
      </div>
      {subPicker ? (
        <Space style={{ marginTop: 8 }} data-testid="subform-template-picker">
          <Select
            aria-label="子表单"
            placeholder="选择子表单"
            style={{ width: 160 }}
            value={sub}
            onChange={setSub}
            options={subForms.map((f) => ({ value: f.enName, label: f.label }))}
          />
          <Button type="primary" size="small" disabled={!sub} onClick={() => void template(sub).catch(() => undefined)}>下载</Button>
          <Button size="small" onClick={() => { setSubPicker(false); setSub(undefined); }}>取消</Button>
        </Space>
      ) : null}
      {active ? (
        <div style={{ marginTop: 12 }} data-testid="import-progress">
          <Progress percent={active.job?.percent ?? 0} status="active" size="small" />
          <div>{progressText(active.job, '导入')}</div>
        </div>
      ) : null}
      {parse.job?.status === 'failed' ? <Alert style={{ marginTop: 12 }} type="error" showIcon message={parse.job.error ?? '文件解析失败'} /> : null}
      {imp.job?.status === 'failed' ? <Alert style={{ marginTop: 12 }} type="error" showIcon message={imp.job.error ?? '导入失败'} /> : null}
      {shown && !importing ? (
        <div style={{ marginTop: 12 }} data-testid="import-preview">
          {shown.success ? (
            <Alert type="success" showIcon message={parsed?.msg ?? ''} />
          ) : (
            <Alert
              type="error"
              showIcon
              message={shown.msg}
              description={
                <>
                  <ul style={{ margin: 0, paddingLeft: 18, maxHeight: 120, overflow: 'auto' }}>
                    {(shown.problems ?? []).slice(0, 20).map((p, i) => (
                      <li key={i}>{`第 ${p.row} 行「${p.column}」：${p.message}`}</li>
                    ))}
                  </ul>
                  {shown.errorReportUrl ? (
                    <Button type="link" size="small" onClick={() => void saveDownload(shown.errorReportUrl!, shown.errorReportName ?? '导入错误报告.xlsx').catch(() => undefined)}>
                      下载错误报告
                    </Button>
                  ) : null}
                </>
              }
            />
          )}
          {shown.unmatched?.length ? (
            <div style={{ marginTop: 8 }} data-testid="import-unmatched">{`没有对应记录的${shown.key ?? '匹配列'}：${shown.unmatched.slice(0, 20).join('、')}${shown.unmatched.length > 20 ? ` 等 ${shown.unmatched.length} 个` : ''}`}</div>
          ) : null}
          {shown.columns?.length && shown.preview?.length ? (
            <Table
              style={{ marginTop: 8 }}
              size="small"
              pagination={false}
              scroll={{ x: true, y: 160 }}
              rowKey={(_, i) => String(i)}
              columns={shown.columns.map((c, i) => ({ title: c, dataIndex: i, key: String(i), ellipsis: true }))}
              dataSource={shown.preview.map((r) => Object.fromEntries(r.map((v, i) => [i, v])))}
            />
          ) : null}
        </div>
      ) : null}
    </Modal>
  );
}
