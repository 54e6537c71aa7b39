/** Layout family (groupTitle, divider): full-width rows of the form grid. */
import { Divider } from 'antd';
import { Title } from '../routing/typography';

/** groupTitle: a section heading across both columns. */
export function GroupTitle({ title }: { title?: string }) {
  return (
    <div data-grid-span={2} className="fw-group-title">
      <Title level={5} style={{ margin: '8px 0' }}>{title}</Title>
    </div>
  );
}

/** divider: a titled rule across both columns. */
export function FormDivider({ title }: { title?: string }) {
  return (
    <div data-grid-span={2}>
      <Divider orientation="left">{title}</Divider>
    </div>
  );
}
