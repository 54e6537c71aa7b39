/** The sub-form table's pager: antd's small `Pagination`, as antd `Table` drew it (loaded past one page). */
import { Pagination } from 'antd';

/** The page shown, its size, the row count, and what a page click does. */
export interface PagerProps {
  current: number;
  pageSize: number;
  total: number;
  onChange(page: number): void;
}

export default function SubFormPager({ current, pageSize, total, onChange }: PagerProps) {
  return <Pagination size="small" current={current} pageSize={pageSize} total={total} onChange={onChange} showSizeChanger={false} />;
}
