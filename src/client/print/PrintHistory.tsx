/** 打印记录 on the detail page: who printed the record, when, with which template (issue 17 item 1). */
import { useQuery } from '@tanstack/react-query';
import { Table, Typography } from 'antd';
import { printHistory, type PrintHistoryEntry } from '../api/print';
import { queryKeys } from '../api/queryKeys';
import { formatDateTime } from '../session/formatDateTime';

/** The record's prints, newest first; nothing while there are none. */
export function PrintHistory({ formName, recordId }: { formName: string; recordId: number }) {
  const q = useQuery({ queryKey: queryKeys.print.history(formName, recordId), queryFn: () => printHistory(formName, recordId), retry: false });
  if (!q.data?.length) return null;
  return (
    <section data-testid="print-history" style={{ marginTop: 24 }}>
      <Typography.Title level={5}>打印记录</Typography.Title>
      <Table<PrintHistoryEntry>
        rowKey="id"
        size="small"
        pagination={q.data.length > 10 ? { pageSize: 10 } : false}
        dataSource={q.data}
        columns={[
          { title: '打印时间', dataIndex: 'printTime', width: 180, render: formatDateTime },
          { title: '打印人', dataIndex: 'nickName', render: (v: string, r) => v || r.userName },
          { title: '打印模版', dataIndex: 'templateName' },
          { title: '方式', dataIndex: 'kind', width: 90, render: (k: string) => ({ pdf: '下载PDF', docx: '下载Word' } as Record<string, string>)[k] ?? '打印' },
        ]}
      />
    </section>
  );
}
