/** The sub-form table's pager: antd's small `Pagination`, as antd `Table` drew it (loaded past one page). */
import { Pagination } from 'antd';
import type { GridPaging } from './SubFormGrid';

export default function SubFormPager({ current, pageSize, total, onChange }: GridPaging) {
  return <Pagination size="small" current={current} pageSize={pageSize} total={total} onChange={onChange} showSizeChanger={false} />;
}
