/**
 * The portal home's blocks (spec 02 §2.2 `/portal`, §2.3 `index`): one card per source with its
 * newest published items, linking to the item and to the section's list. Shown by `/portal` and
 * by the signed-in home page.
 */
import { Card, Col, Empty, List, Row, Typography } from 'antd';
import { Link } from 'wouter';
import type { PortalHome } from '../../api/portal';
import { itemPath, sectionPath } from './portalRoutes';

/** `link` turns a portal path into the href used here (the tenant kept in the query). */
export function PortalSections({ home, link }: { home: PortalHome; link: (path: string) => string }) {
  if (!home.sections.length) return <Empty description="暂无发布的内容" />;
  return (
    <Row gutter={[16, 16]}>
      {home.sections.flatMap((s) =>
        s.sources.map((src) => (
          <Col xs={24} md={12} key={`${s.key}-${src.formName}`}>
            <Card
              size="small"
              title={s.sources.length > 1 ? `${s.title} · ${src.cnName}` : s.title}
              extra={<Link href={link(sectionPath(s.key, s.key === 'zbcg' ? src.formName : undefined))}>更多</Link>}
            >
              <List
                size="small"
                dataSource={src.items}
                locale={{ emptyText: '暂无内容' }}
                renderItem={(item) => (
                  <List.Item extra={item.date ? <Typography.Text type="secondary">{item.date}</Typography.Text> : null}>
                    <Link href={link(itemPath(s.key, src.formName, item.id, s.sources[0]?.formName))}>{item.title}</Link>
                  </List.Item>
                )}
              />
            </Card>
          </Col>
        )),
      )}
    </Row>
  );
}
