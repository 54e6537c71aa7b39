/** Home module 我的待办: the count of open tasks and the newest five; a title opens the task. */
import { Card, List, Typography } from 'antd';
import type { FlowTaskRow } from '../../api/flows';
import { formatDateTime } from '../../session/formatDateTime';
import { useNavigate } from '../../routing/navigation';
import { taskPath } from './flowLabels';
import { useFlowList } from './useFlowList';

/** How many tasks the module lists. */
const NEWEST = 5;

/** The module. */
export function TodoModule() {
  const c = useFlowList<FlowTaskRow>('todo', NEWEST);
  const navigate = useNavigate();
  return (
    <Card title={`我的待办${c.total ? `（${c.total}）` : ''}`} size="small" extra={<Typography.Link onClick={() => navigate('/flow/todo')}>更多</Typography.Link>}>
      <List<FlowTaskRow>
        size="small"
        loading={c.loading}
        dataSource={c.rows}
        locale={{ emptyText: '暂无待办' }}
        renderItem={(t) => (
          <List.Item actions={[<Typography.Text key="t" type="secondary">{formatDateTime(t.createTime)}</Typography.Text>]}>
            <Typography.Link onClick={() => navigate(taskPath(t.taskId))}>{t.title}</Typography.Link>
            <Typography.Text type="secondary" style={{ marginLeft: 8 }}>{t.taskName}</Typography.Text>
          </List.Item>
        )}
      />
    </Card>
  );
}
