/**
 * A published policy as its recipients read it (the 消息中心 message links here: /policy/view?id=):
 * title, publish time, the cleaned rich text and the attachments.
 */
import { useQuery } from '@tanstack/react-query';
import { Button, Empty, Space, Typography } from 'antd';
import { downloadBlob, downloadKeyOf } from '../../api/files';
import { getPolicy } from '../../api/policy';
import { queryKeys } from '../../api/queryKeys';
import { RichTextView } from '../../fields/richText/RichTextView';
import { useCurrentSearch } from '../../routing/navigation';
import { PageLoading } from '../../routing/PageLoading';

async function download(url: string, name: string) {
  const key = downloadKeyOf(url);
  if (!key) return;
  const blob = await downloadBlob(key);
  const a = document.createElement('a');
  a.href = URL.createObjectURL(blob);
  a.download = name;
  a.click();
  setTimeout(() => URL.revokeObjectURL(a.href), 10_000);
}

/** The reading page of one policy. */
export default function PolicyViewPage() {
  const id = Number(new URLSearchParams(useCurrentSearch()).get('id')) || 0;
  const policy = useQuery({ queryKey: queryKeys.policies.one(id), queryFn: () => getPolicy(id), enabled: id > 0, retry: false });
  if (policy.isLoading) return <PageLoading />;
  if (!policy.data) return <Empty description="制度不存在或无权查看" />;
  const p = policy.data;
  return (
    <article style={{ maxWidth: 960, margin: '0 auto' }}>
      <Typography.Title level={3} style={{ textAlign: 'center' }}>{p.title}</Typography.Title>
      {p.publishTime && <Typography.Paragraph type="secondary" style={{ textAlign: 'center' }}>发布时间：{new Date(p.publishTime).toLocaleString('zh-CN')}</Typography.Paragraph>}
      <RichTextView value={p.content} />
      {p.attachments.length > 0 && (
        <Space direction="vertical" style={{ marginTop: 24 }}>
          <Typography.Text strong>附件</Typography.Text>
          {p.attachments.map((a) => (
            <Button key={a.url} type="link" onClick={() => void download(a.url, a.name)}>{a.name}</Button>
          ))}
        </Space>
      )}
    </article>
  );
}
