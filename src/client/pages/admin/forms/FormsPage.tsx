/** 表单配置: the tenant's form definitions, with a link to each list, the designer (新建表单, 设计) and a read-only view of the definition. */
import { Button, Drawer, Input, Space, Table, Tag, Typography } from 'antd';
import type { FormSummary } from '../../../api/forms';
import { useFormsController } from '../../../controllers/useFormsController';
import { formatDateTime } from '../../../session/formatDateTime';
import { paths } from '../../../paths';
import { useNavigate } from '../../../routing/navigation';
import { Authorized } from '../../../routing/Authorized';
import { lazy, Suspense, useState } from 'react';

const AnonymousSettingDialog = lazy(() => import('./AnonymousSettingDialog'));
const PortalSettingDialog = lazy(() => import('./PortalSettingDialog'));

/** The form definitions screen. */
export default function FormsPage() {
  const c = useFormsController();
  const navigate = useNavigate();
  const [anonymous, setAnonymous] = useState<string | undefined>();
  const [portal, setPortal] = useState<string | undefined>();
  return (
    <>
      <Space style={{ marginBottom: 12 }}>
        <Input.Search placeholder="请输入表单名称或英文名" allowClear onSearch={c.setKeyword} onChange={(e) => c.setKeyword(e.target.value)} style={{ width: 280 }} />
        <Authorized perms={['flowable:form:add']}><Button type="primary" onClick={() => navigate(paths.designer)}>新建表单</Button></Authorized>
      </Space>
      <Table<FormSummary>
        rowKey="enName"
        size="middle"
        loading={c.loading}
        dataSource={c.rows}
        pagination={{ pageSize: 20, showTotal: (t) => `共 ${t} 条` }}
        columns={[
          { title: '表单名称', dataIndex: 'cnName' },
          { title: '英文名', dataIndex: 'enName' },
          { title: '流程', dataIndex: 'hasFlow', render: (f) => (f ? <Tag color="orange">流程表单</Tag> : <Tag>普通表单</Tag>) },
          { title: '字段数', dataIndex: 'fieldCount', width: 80 },
          { title: '版本', dataIndex: 'version', width: 70 },
          { title: '更新时间', dataIndex: 'updateTime', width: 170, render: formatDateTime },
          {
            title: '操作',
            render: (_, f) => (
              <Space size={0}>
                <Button type="link" size="small" onClick={() => navigate(paths.autoList(f.enName))}>打开列表</Button>
                {f.id != null ? <Authorized perms={['flowable:form:edit']}><Button type="link" size="small" onClick={() => navigate(`${paths.designer}?id=${f.id}`)}>设计</Button></Authorized> : null}
                <Button type="link" size="small" onClick={() => c.view(f.enName)}>查看定义</Button>
                <Button type="link" size="small" onClick={() => navigate(paths.printTemplates(f.enName))}>打印模版</Button>
                <Authorized perms={['flowable:definition:deploy']}><Button type="link" size="small" onClick={() => navigate(`/flow/builder?form=${encodeURIComponent(f.enName)}`)}>审批流程</Button></Authorized>
                <Authorized perms={['flowable:form:edit']}><Button type="link" size="small" onClick={() => setAnonymous(f.enName)}>匿名填写</Button></Authorized>
                <Authorized perms={['flowable:form:edit']}><Button type="link" size="small" onClick={() => setPortal(f.enName)}>门户发布</Button></Authorized>
              </Space>
            ),
          },
        ]}
      />
      <Drawer title="表单定义" width={640} open={!!c.viewing} onClose={() => c.view(undefined)}>
        <Typography.Paragraph>
          <pre style={{ fontSize: 12, whiteSpace: 'pre-wrap' }}>{c.definition ? JSON.stringify(c.definition, null, 2) : '正在加载...'}</pre>
        </Typography.Paragraph>
      </Drawer>
      {anonymous ? (
        <Suspense fallback={null}>
          <AnonymousSettingDialog form={anonymous} onClose={() => setAnonymous(undefined)} />
        </Suspense>
      ) : null}
      {portal ? (
        <Suspense fallback={null}>
          <PortalSettingDialog form={portal} onClose={() => setPortal(undefined)} />
        </Suspense>
      ) : null}
    </>
  );
}
