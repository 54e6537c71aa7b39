/** 状态采集 (spec 02 §2.5, §5): state-change start and end dates, both required; a whole day each. */
import { DatePicker, Form } from 'antd';
import type { Dayjs } from 'dayjs';
import { collectStates } from '../../api/taxPlatform';
import { platformMoment, stateText } from './outcomeTexts';
import { PlatformDialog } from './PlatformDialog';

interface Values {
  start: Dayjs;
  end: Dayjs;
}

export function StateCollectionDialog(props: { onClose(): void; onDone(): void }) {
  return (
    <PlatformDialog<Values>
      title="状态采集"
      width={550}
      onClose={props.onClose}
      onDone={props.onDone}
      submit={async (v) => stateText(await collectStates({ ztbgksrq: platformMoment(v.start.startOf('day')), ztbgjsrq: platformMoment(v.end.endOf('day')) }))}
    >
      {() => (
        <>
          <Form.Item name="start" label="状态变更开始日期" labelCol={{ span: 8 }} rules={[{ required: true, message: '请选择状态变更开始日期' }]}>
            <DatePicker style={{ width: '100%' }} placeholder="请选择状态变更开始日期" />
          </Form.Item>
          <Form.Item
            name="end"
            label="状态变更结束日期"
            labelCol={{ span: 8 }}
            dependencies={['start']}
            rules={[
              { required: true, message: '请选择状态变更结束日期' },
              ({ getFieldValue }) => ({
                validator: (_, end?: Dayjs) => {
                  const start = getFieldValue('start') as Dayjs | undefined;
                  return !end || !start || !end.isBefore(start, 'day') ? Promise.resolve() : Promise.reject(new Error('状态变更开始日期不能晚于结束日期'));
                },
              }),
            ]}
          >
            <DatePicker style={{ width: '100%' }} placeholder="请选择状态变更结束日期" />
          </Form.Item>
        </>
      )}
    </PlatformDialog>
  );
}
