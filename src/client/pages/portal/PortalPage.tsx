/**
 * The public portal (issue 32 item 1, spec 02 §2.2): `/portal` and its section pages, without
 * sign-in. The tenant is `?tenantCode=` of the address (kept on every link), else the remembered
 * tenant code (default DEFAULT). Content is what the server publishes; rich text is drawn by the
 * read-only viewer (cleaned again in the browser).
 */
import { Breadcrumb, Button, Card, Descriptions, Empty, Layout, List, Menu, Result, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { Link, useLocation } from 'wouter';
import type { PortalDetail, PortalHome, PortalSectionKey } from '../../api/portal';
import { usePortalDetail, usePortalHome, usePortalList } from '../../controllers/usePortal';
import { useQueryParams } from '../../routing/navigation';
import { PageLoading } from '../../routing/PageLoading';
import { getTenantCode } from '../../session/cookies';
import { RichTextView } from '../../fields/richText/RichTextView';
import { PortalSections } from './PortalSections';
import { itemPath, portalView, SECTION_ORDER, SECTION_SLUG, sectionPath, type PortalView } from './portalRoutes';

const TITLES: Record<PortalSectionKey, string> = { profile: '集团概况', news: '新闻动态', zbcg: '招标采购', events: '群众活动', honor: '集团荣誉', message: '通知公告' };
const PAGE_SIZE = 10;

type Linker = (path: string) => string;

/** The portal of one tenant. */
export default function PortalPage() {
  const [location] = useLocation();
  const query = useQueryParams();
  const fromUrl = query.get('tenantCode');
  const tenantCode = fromUrl || getTenantCode();
  const link: Linker = (path) => (fromUrl ? `${path}${path.includes('?') ? '&' : '?'}tenantCode=${encodeURIComponent(fromUrl)}` : path);
  const home = usePortalHome(tenantCode);
  const view = portalView(location, query.get('form'));
  useEffect(() => {
    if (home.data) document.title = `${home.data.tenantName}门户`;
  }, [home.data]);

  if (home.isPending) return <PageLoading />;
  if (home.isError) return <Result status="warning" title={home.error.message} />;
  const selected = view.kind === 'section' || view.kind === 'detail' ? SECTION_SLUG[view.section] : 'home';
  return (
    <Layout style={{ minHeight: '100vh' }}>
      <Layout.Header style={{ display: 'flex', alignItems: 'center', gap: 24 }}>
        <Typography.Title level={4} style={{ color: '#fff', margin: 0, whiteSpace: 'nowrap' }}>
          {home.data.tenantName}
        </Typography.Title>
        <Menu
          theme="dark"
          mode="horizontal"
          selectedKeys={[selected]}
          style={{ flex: 1, minWidth: 0 }}
          items={[
            { key: 'home', label: <Link href={link('/portal')}>首页</Link> },
            ...SECTION_ORDER.filter((k) => home.data.sections.some((s) => s.key === k)).map((k) => ({ key: SECTION_SLUG[k], label: <Link href={link(sectionPath(k))}>{TITLES[k]}</Link> })),
          ]}
        />
        <Link href="/login">
          <Button type="primary">登录</Button>
        </Link>
      </Layout.Header>
      <Layout.Content style={{ padding: 24, maxWidth: 1200, width: '100%', margin: '0 auto' }}>
        <PortalBody view={view} home={home.data} tenantCode={tenantCode} link={link} />
      </Layout.Content>
      <Layout.Footer style={{ textAlign: 'center' }}>{home.data.tenantName}</Layout.Footer>
    </Layout>
  );
}

function PortalBody({ view, home, tenantCode, link }: { view: PortalView; home: PortalHome; tenantCode: string; link: Linker }) {
  if (view.kind === 'home') return <PortalSections home={home} link={link} />;
  if (view.kind === 'unknown') return <Result status="404" title="页面不存在" />;
  const section = home.sections.find((s) => s.key === view.section);
  if (!section) return <Result status="404" title="栏目不存在或未发布" />;
  const form = view.form ?? section.sources[0]?.formName;
  const crumbs = [
    { title: <Link href={link('/portal')}>首页</Link> },
    { title: <Link href={link(sectionPath(section.key))}>{section.title}</Link> },
  ];
  if (view.kind === 'section' && section.key === 'zbcg' && !view.form) {
    return (
      <>
        <Breadcrumb items={crumbs} style={{ marginBottom: 16 }} />
        <PortalSections home={{ ...home, sections: [section] }} link={link} />
      </>
    );
  }
  const source = section.sources.find((s) => s.formName === form);
  if (!source) return <Result status="404" title="栏目不存在或未发布" />;
  if (section.key === 'zbcg' || section.sources.length > 1) crumbs.push({ title: <Link href={link(sectionPath(section.key, source.formName))}>{source.cnName}</Link> });
  return (
    <>
      <Breadcrumb items={crumbs} style={{ marginBottom: 16 }} />
      {view.kind === 'detail' ? (
        <PortalItem tenantCode={tenantCode} form={source.formName} id={view.id} />
      ) : (
        <PortalList tenantCode={tenantCode} section={section.key} form={source.formName} firstForm={section.sources[0]?.formName} lx={view.lx} categories={source.categories} link={link} />
      )}
    </>
  );
}

function PortalList(props: { tenantCode: string; section: PortalSectionKey; form: string; firstForm?: string; lx?: string; categories: { value: string; label: string }[]; link: Linker }) {
  const { tenantCode, section, form, firstForm, lx, categories, link } = props;
  const [pageNum, setPageNum] = useState(1);
  useEffect(() => setPageNum(1), [form, lx]);
  const list = usePortalList(tenantCode, form, pageNum, PAGE_SIZE, lx);
  const single = section === 'profile' && list.data?.total === 1 ? list.data.rows[0] : null;
  return (
    <Card
      title={list.data ? (lx ? categories.find((c) => c.value === lx)?.label ?? list.data.cnName : list.data.cnName) : ' '}
      extra={
        section === 'profile' && categories.length ? (
          <span style={{ display: 'flex', gap: 12 }}>
            {categories.map((c) => (
              <Link key={c.value} href={link(`/portal/group-profile/${encodeURIComponent(c.value)}`)}>
                {c.label}
              </Link>
            ))}
          </span>
        ) : null
      }
    >
      {list.isError ? (
        <Result status="warning" title={list.error.message} />
      ) : single ? (
        <PortalItem tenantCode={tenantCode} form={form} id={String(single.id)} />
      ) : (
        <List
          loading={list.isPending}
          dataSource={list.data?.rows ?? []}
          locale={{ emptyText: <Empty description="暂无内容" /> }}
          pagination={list.data && list.data.total > PAGE_SIZE ? { current: pageNum, pageSize: PAGE_SIZE, total: list.data.total, onChange: setPageNum, showSizeChanger: false } : false}
          renderItem={(item) => (
            <List.Item extra={item.date ? <Typography.Text type="secondary">{item.date}</Typography.Text> : null}>
              <List.Item.Meta title={<Link href={link(itemPath(section, item.formName, item.id, firstForm))}>{item.title}</Link>} description={item.summary || null} />
            </List.Item>
          )}
        />
      )}
    </Card>
  );
}

function fieldValue(f: PortalDetail['fields'][number]) {
  if (f.value === null || f.value === '') return '-';
  if (typeof f.value === 'boolean') return f.value ? '是' : '否';
  return String(f.value);
}

function PortalItem({ tenantCode, form, id }: { tenantCode: string; form: string; id: string }) {
  const detail = usePortalDetail(tenantCode, form, id);
  if (detail.isPending) return <PageLoading />;
  if (detail.isError) return <Result status="404" title={detail.error.message} />;
  const d = detail.data;
  const rich = d.fields.filter((f) => f.funcType === 'richText');
  const plain = d.fields.filter((f) => f.funcType !== 'richText' && f.enName !== d.fields[0]?.enName && !(d.date && f.funcType === 'dateStamp' && String(f.value).startsWith(d.date)));
  return (
    <article>
      <Typography.Title level={3} style={{ textAlign: 'center' }}>
        {d.title}
      </Typography.Title>
      {d.date ? <Typography.Paragraph type="secondary" style={{ textAlign: 'center' }}>{d.date}</Typography.Paragraph> : null}
      {plain.length ? (
        <Descriptions size="small" column={{ xs: 1, md: 2 }} bordered style={{ marginBottom: 16 }} items={plain.map((f) => ({ key: f.enName, label: f.label, children: fieldValue(f) }))} />
      ) : null}
      {rich.map((f) => (
        <RichTextView key={f.enName} value={typeof f.value === 'string' ? f.value : null} />
      ))}
    </article>
  );
}
