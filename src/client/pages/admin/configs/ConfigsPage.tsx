/** 参数设置: system configuration keys with add / edit / delete and cache refresh. */
import { Button, Form, Input, Radio, Space, Table } from 'antd';
import { useFeedback } from '../../../feedback/useFeedback';
import { useState } from 'react';
import type { SysConfig } from '../../../api/configs';
import { useConfigsController } from '../../../controllers/useConfigsController';
import { confirmDelete } from '../common/confirmDelete';
import { EditDialog } from '../common/EditDialog';
import { Authorized } from '../../../routing/Authorized';
import { AddConfigBody } from '../../../../shared/contract/configs';
import { fieldRules, maxLengthOf } from '../common/contractRules';

// The server's rules (src/shared/contract/configs.ts); a value may be empty on the server, the dialog asks for one.
const RULES = {
  configName: fieldRules(AddConfigBody, 'configName', '参数名称'),
  configKey: fieldRules(AddConfigBody, 'configKey', '参数键名', { patternMessage: '参数键名只能包含字母、数字和 _ . : -' }),
  configValue: fieldRules(AddConfigBody, 'configValue', '参数键值').filter((r) => !(typeof r === 'object' && r.required)),
};

/** The system configuration screen. */
export default function ConfigsPage() {
  const app = useFeedback();
  const c = useConfigsController();
  const [editing, setEditing] = useState<Partial<SysConfig> | undefined>();
  const [search] = Form.useForm();
  return (
    <>
      <Form form={search} layout="inline" onFinish={(v) => c.search(v)} style={{ marginBottom: 12, rowGap: 8 }}>
        <Form.Item name="configName" label="参数名称"><Input placeholder="请输入参数名称" allowClear /></Form.Item>
        <Form.Item name="configKey" label="参数键名"><Input placeholder="请输入参数键名" allowClear /></Form.Item>
        <Space>
          <Button type="primary" htmlType="submit">搜索</Button>
          <Button onClick={() => { search.resetFields(); c.search({}); }}>重置</Button>
        </Space>
      </Form>
      <Space style={{ marginBottom: 12 }}>
        <Authorized perms={['system:config:add']}><Button type="primary" ghost onClick={() => setEditing({ configType: 'N' })}>新增</Button></Authorized>
        <Authorized perms={['system:config:remove', 'system:config:edit']}><Button onClick={() => void c.clearCache.run().then(() => app.message.success('刷新成功')).catch(() => undefined)}>刷新缓存</Button></Authorized>
      </Space>
      <Table<SysConfig>
        rowKey="configId"
        size="middle"
        loading={c.loading}
        dataSource={c.rows}
        pagination={{ current: c.page.pageNum, pageSize: c.page.pageSize, total: c.total, showTotal: (t) => `共 ${t} 条`, onChange: c.setPage }}
        columns={[
          { title: '参数主键', dataIndex: 'configId', width: 90 },
          { title: '参数名称', dataIndex: 'configName', ellipsis: true },
          { title: '参数键名', dataIndex: 'configKey', ellipsis: true },
          { title: '参数键值', dataIndex: 'configValue', ellipsis: true },
          { title: '系统内置', dataIndex: 'configType', width: 90, render: (t) => (t === 'Y' ? '是' : '否') },
          { title: '备注', dataIndex: 'remark', ellipsis: true },
          {
            title: '操作',
            width: 130,
            render: (_, d) => (
              <Space size={0}>
                <Authorized perms={['system:config:edit']}><Button type="link" size="small" onClick={() => setEditing(d)}>修改</Button></Authorized>
                <Authorized perms={['system:config:remove']}><Button type="link" size="small" danger onClick={() => confirmDelete(app, '参数编号', [d.configId!], () => c.remove.run([d.configId!]))}>删除</Button></Authorized>
              </Space>
            ),
          },
        ]}
      />
      <EditDialog<SysConfig>
        title={editing?.configId ? '修改参数' : '添加参数'}
        value={editing}
        saving={c.save.pending}
        onClose={() => setEditing(undefined)}
        onSave={async (d) => {
          await c.save.run(d);
          void app.message.success(d.configId ? '修改成功' : '新增成功');
          setEditing(undefined);
        }}
      >
        {() => (
          <>
            <Form.Item name="configName" label="参数名称" rules={RULES.configName}><Input placeholder="请输入参数名称" maxLength={maxLengthOf(AddConfigBody, 'configName')} /></Form.Item>
            <Form.Item name="configKey" label="参数键名" rules={RULES.configKey}><Input placeholder="请输入参数键名" maxLength={maxLengthOf(AddConfigBody, 'configKey')} /></Form.Item>
            <Form.Item name="configValue" label="参数键值" rules={[{ required: true, message: '参数键值不能为空' }, ...RULES.configValue]}><Input.TextArea rows={2} placeholder="请输入参数键值" /></Form.Item>
            <Form.Item name="configType" label="系统内置"><Radio.Group options={[{ value: 'Y', label: '是' }, { value: 'N', label: '否' }]} /></Form.Item>
            <Form.Item name="remark" label="备注"><Input.TextArea rows={2} placeholder="请输入内容" /></Form.Item>
          </>
        )}
      </EditDialog>
    </>
  );
}
