/**
 * 发票采集 (spec 02 §2.5, §5): data type, invoice types, start and end time, all required; 600 px.
 * 确定 queues the collection as a job (ADR 1065); the dialog then shows its progress in pages,
 * as the batch edit's dialog shows its job, with 取消任务; at the end it says what was added,
 * updated and skipped (the invoices kept as drafts or refused named) and refreshes the list.
 */
import { Button, DatePicker, Form, Modal, Progress, Select } from 'antd';
import type { Dayjs } from 'dayjs';
import { useEffect, useRef, useState } from 'react';
import { COLLECTION_DATA_TYPES, INVOICE_TYPE_CODES, INVOICE_TYPES } from '../../../shared/invoiceTypes';
import { collectInvoices, type CollectionOutcome } from '../../api/taxPlatform';
import { useFeedback } from '../../feedback/useFeedback';
import { useJob } from '../io/useJob';
import { collectionProgress, collectionText, platformMoment, type OutcomeText } from './outcomeTexts';

interface Values {
  sjlx: string;
  fplxdm: string[];
  start: Dayjs;
  end: Dayjs;
}

const TYPE_OPTIONS = INVOICE_TYPE_CODES.map((code) => ({ value: code, label: `${code} ${INVOICE_TYPES[code]}` }));

export function CollectionDialog(props: { onClose(): void; onDone(): void }) {
  const [form] = Form.useForm<Values>();
  const [busy, setBusy] = useState(false);
  const [jobId, setJobId] = useState<string | null>(null);
  const { job, cancel } = useJob(jobId);
  const { message, modal } = useFeedback();
  const running = !!jobId && (!job || job.status === 'queued' || job.status === 'running');

  const tell = (text: OutcomeText) => {
    if (text.details.length) {
      void modal.info({ title: text.summary, width: 560, content: <ul style={{ maxHeight: 320, overflow: 'auto', paddingLeft: 20 }}>{text.details.map((d, i) => <li key={i}>{d}</li>)}</ul> });
    } else {
      void message.success(text.summary);
    }
  };

  // The job's end: what it did (also after a cancel that came once pages were saved), or why it failed.
  const ended = useRef<string | null>(null);
  useEffect(() => {
    if (!job || running || ended.current === job.jobId) return;
    ended.current = job.jobId;
    setJobId(null);
    const result = job.result as CollectionOutcome | null;
    if ((job.status === 'done' || job.status === 'cancelled') && result && typeof result.added === 'number') {
      tell(collectionText(result));
      props.onDone();
      props.onClose();
    } else if (job.status === 'cancelled') {
      void message.info('已取消，未采集任何发票');
    } else {
      void message.error(job.error ?? '发票采集失败');
    }
    // Runs when the job's state changes; the callbacks it calls are read fresh each time.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [job, running]);

  const ok = async () => {
    let v: Values;
    try {
      v = await form.validateFields();
    } catch {
      return;
    }
    setBusy(true);
    try {
      const started = await collectInvoices({ sjlx: v.sjlx, fplxdm: v.fplxdm, cjksrq: platformMoment(v.start), cjjsrq: platformMoment(v.end) });
      setJobId(started.jobId);
    } catch {
      // Shown by the HTTP client; the values stay for another try.
    } finally {
      setBusy(false);
    }
  };

  const footer = jobId
    ? [<Button key="stop" onClick={() => void cancel()} disabled={!running || !!job?.result}>取消任务</Button>]
    : [
        <Button key="cancel" onClick={props.onClose}>取 消</Button>,
        <Button key="ok" type="primary" loading={busy} onClick={() => void ok()}>确 定</Button>,
      ];

  return (
    <Modal open title="发票采集" width={600} footer={footer} closable={!jobId} onCancel={() => { if (!jobId) props.onClose(); }} maskClosable={false} destroyOnHidden>
      {jobId ? (
        <div style={{ marginBottom: 12 }} data-testid="collection-progress">
          <Progress percent={job?.percent ?? 0} status="active" size="small" />
          <div>{collectionProgress(job)}</div>
        </div>
      ) : null}
      <Form form={form} layout="horizontal" labelCol={{ span: 6 }} wrapperCol={{ span: 17 }} preserve={false} disabled={!!jobId}>
        <Form.Item name="sjlx" label="数据类型" rules={[{ required: true, message: '请选择数据类型' }]}>
          <Select options={COLLECTION_DATA_TYPES.map((t) => ({ ...t }))} placeholder="请选择数据类型" />
        </Form.Item>
        <Form.Item name="fplxdm" label="发票类型" rules={[{ required: true, message: '请选择发票类型' }]}>
          <Select mode="multiple" options={TYPE_OPTIONS} placeholder="请选择发票类型" optionFilterProp="label" maxTagCount="responsive" />
        </Form.Item>
        <Form.Item name="start" label="开始时间" rules={[{ required: true, message: '请选择开始时间' }]}>
          <DatePicker showTime format="YYYY-MM-DD HH:mm:ss" style={{ width: '100%' }} placeholder="请选择开始时间" />
        </Form.Item>
        <Form.Item
          name="end"
          label="结束时间"
          dependencies={['start']}
          rules={[
            { required: true, message: '请选择结束时间' },
            ({ getFieldValue }) => ({
              validator: (_, end?: Dayjs) => {
                const start = getFieldValue('start') as Dayjs | undefined;
                return !end || !start || !end.isBefore(start) ? Promise.resolve() : Promise.reject(new Error('开始时间不能晚于结束时间'));
              },
            }),
          ]}
        >
          <DatePicker showTime format="YYYY-MM-DD HH:mm:ss" style={{ width: '100%' }} placeholder="请选择结束时间" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
