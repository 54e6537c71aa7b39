/** 发票采集 (spec 02 §2.5, §5): data type, invoice types, start and end time, all required; 600 px. */
import { DatePicker, Form, Select } from 'antd';
import type { Dayjs } from 'dayjs';
import { COLLECTION_DATA_TYPES, INVOICE_TYPE_CODES, INVOICE_TYPES } from '../../../shared/invoiceTypes';
import { collectInvoices } from '../../api/taxPlatform';
import { collectionText, platformMoment } from './outcomeTexts';
import { PlatformDialog } from './PlatformDialog';

interface Values {
  sjlx: string;
  fplxdm: string[];
  start: Dayjs;
  end: Dayjs;
}

const TYPE_OPTIONS = INVOICE_TYPE_CODES.map((code) => ({ value: code, label: `${code} ${INVOICE_TYPES[code]}` }));

export function CollectionDialog(props: { onClose(): void; onDone(): void }) {
  return (
    <PlatformDialog<Values>
      title="发票采集"
      width={600}
      onClose={props.onClose}
      onDone={props.onDone}
      submit={async (v) => collectionText(await collectInvoices({ sjlx: v.sjlx, fplxdm: v.fplxdm, cjksrq: platformMoment(v.start), cjjsrq: platformMoment(v.end) }))}
    >
      {() => (
        <>
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
        </>
      )}
    </PlatformDialog>
  );
}
