/** 发票认证 (spec 02 §2.5, §5): certification type and tax period (month, yyyyMM), both required; 550 px. */
import { DatePicker, Form, Select } from 'antd';
import type { Dayjs } from 'dayjs';
import { CERTIFICATION_TYPES } from '../../../shared/invoiceTypes';
import { applyCertification } from '../../api/taxPlatform';
import { appliedText } from './outcomeTexts';
import { PlatformDialog } from './PlatformDialog';

interface Values {
  sqrzlx: string;
  period: Dayjs;
}

export function CertificationDialog(props: { ids: (number | string)[]; onClose(): void; onDone(): void }) {
  return (
    <PlatformDialog<Values>
      title="发票认证"
      width={550}
      onClose={props.onClose}
      onDone={props.onDone}
      submit={async (v) => {
        return appliedText(await applyCertification({ sqrzlx: v.sqrzlx, sqskssq: v.period.format('YYYYMM'), ids: props.ids }));
      }}
    >
      {() => (
        <>
          <Form.Item label="发票">已选 {props.ids.length} 张</Form.Item>
          <Form.Item name="sqrzlx" label="认证类型" rules={[{ required: true, message: '请选择认证类型' }]}>
            <Select options={CERTIFICATION_TYPES.map((t) => ({ ...t }))} placeholder="请选择认证类型" />
          </Form.Item>
          <Form.Item name="period" label="税款所属期" rules={[{ required: true, message: '请选择税款所属期' }]}>
            <DatePicker picker="month" format="YYYYMM" style={{ width: '100%' }} placeholder="请选择税款所属期" />
          </Form.Item>
        </>
      )}
    </PlatformDialog>
  );
}
