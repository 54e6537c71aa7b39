/** `/index`: the home page inside the layout — a greeting and the user's menu pages as shortcuts. */
import { Card, Col, Empty, Row, Typography } from 'antd';
import { useRouteTable } from '../../controllers/useRouteTable';
import { sessionStore } from '../../session/sessionStore';
import { useNavigate } from '../../shell/navigation';

/** The home page. */
export default function HomePage() {
  const user = sessionStore.use((s) => s.user);
  const { routes } = useRouteTable();
  const navigate = useNavigate();
  const pages = routes.filter((r) => !r.hidden);
  return (
    <>
      <Typography.Title level={4} style={{ marginTop: 0 }}>
        欢迎，{user?.nickName}
      </Typography.Title>
      <Typography.Paragraph type="secondary">
        {[user?.tenantName, user?.deptName].filter((v, i, all) => v && all.indexOf(v) === i).join(' · ')}
      </Typography.Paragraph>
      {pages.length ? (
        <Row gutter={[12, 12]}>
          {pages.map((r) => (
            <Col key={r.key} xs={12} sm={8} md={6} lg={4}>
              <Card
                hoverable
                size="small"
                onClick={() => (r.kind === 'external' ? window.open(r.path, '_blank', 'noopener') : navigate(r.href))}
              >
                <Card.Meta title={r.title} description={r.breadcrumb.slice(0, -1).join(' > ') || '\u00a0'} />
              </Card>
            </Col>
          ))}
        </Row>
      ) : (
        <Empty description="暂无可访问的菜单" />
      )}
    </>
  );
}
