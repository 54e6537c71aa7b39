/** 字典数据: dictionary entries by type, with add / edit / delete. */
import { Button, Form, Input, InputNumber, Radio, Space, Table, Tag } from 'antd';
import { useFeedback } from '../../../feedback/useFeedback';
import { useState } from 'react';
import type { DictData } from '../../../api/dicts';
import { useDictDataController } from '../../../controllers/useDictDataController';
import { confirmDelete } from '../common/confirmDelete';
import { EditDialog } from '../common/EditDialog';
import { Authorized } from '../../../routing/Authorized';
import { AddDictDataBody } from '../../../../shared/contract/dicts';
import { fieldRules, maxLengthOf } from '../common/contractRules';

// The server's rules (src/shared/contract/dicts.ts).
const RULES = {
  dictType: fieldRules(AddDictDataBody, 'dictType', '字典类型', { patternMessage: '字典类型以小写字母开头，只能包含小写字母、数字和 _' }),
  dictLabel: fieldRules(AddDictDataBody, 'dictLabel', '数据标签'),
  dictValue: fieldRules(AddDictDataBody, 'dictValue', '数据键值'),
};

/** The dictionary data screen; `dictType` fixes the type (route /dict/type/data/{dictId}). */
export default function DictDataPage({ dictType }: { dictType?: string }) {
  const app = useFeedback();
  const c = useDictDataController(dictType);
  const [editing, setEditing] = useState<Partial<DictData> | undefined>();
  const [search] = Form.useForm();
  return (
    <>
      <Form form={search} layout="inline" onFinish={(v) => c.search(v)} style={{ marginBottom: 12, rowGap: 8 }}>
        {dictType ? null : <Form.Item name="dictType" label="字典类型"><Input placeholder="请输入字典类型" allowClear /></Form.Item>}
        <Form.Item name="dictLabel" label="字典标签"><Input placeholder="请输入字典标签" allowClear /></Form.Item>
        <Space>
          <Button type="primary" htmlType="submit">搜索</Button>
          <Button onClick={() => { search.resetFields(); c.search({}); }}>重置</Button>
        </Space>
      </Form>
      <Authorized perms={['system:dict:add']}><Button type="primary" ghost style={{ marginBottom: 12 }} onClick={() => setEditing({ dictType: dictType ?? (c.filters.dictType as string) })}>新增</Button></Authorized>
      <Table<DictData>
        rowKey="dictCode"
        size="middle"
        loading={c.loading}
        dataSource={c.rows}
        pagination={{ current: c.page.pageNum, pageSize: c.page.pageSize, total: c.total, showTotal: (t) => `共 ${t} 条`, onChange: c.setPage }}
        columns={[
          { title: '字典编码', dataIndex: 'dictCode', width: 90 },
          { title: '字典类型', dataIndex: 'dictType' },
          { title: '字典标签', dataIndex: 'dictLabel' },
          { title: '字典键值', dataIndex: 'dictValue' },
          { title: '字典排序', dataIndex: 'dictSort', width: 90 },
          { title: '状态', dataIndex: 'status', render: (s) => (s === '1' ? <Tag>停用</Tag> : <Tag color="blue">正常</Tag>) },
          { title: '备注', dataIndex: 'remark' },
          {
            title: '操作',
            render: (_, d) => (
              <Space size={0}>
                <Authorized perms={['system:dict:edit']}><Button type="link" size="small" onClick={() => setEditing(d)}>修改</Button></Authorized>
                <Authorized perms={['system:dict:remove']}><Button type="link" size="small" danger onClick={() => confirmDelete(app, '字典编码', [d.dictCode!], () => c.remove.run([d.dictCode!]))}>删除</Button></Authorized>
              </Space>
            ),
          },
        ]}
      />
      <EditDialog<DictData>
        title={editing?.dictCode ? '修改字典数据' : '添加字典数据'}
        value={editing}
        defaults={{ dictSort: 0, status: '0', isDefault: 'N' }}
        saving={c.save.pending}
        onClose={() => setEditing(undefined)}
        onSave={async (d) => {
          await c.save.run(d);
          void app.message.success(d.dictCode ? '修改成功' : '新增成功');
          setEditing(undefined);
        }}
      >
        {() => (
          <>
            <Form.Item name="dictType" label="字典类型" rules={RULES.dictType}><Input placeholder="请输入字典类型" disabled={!!dictType} /></Form.Item>
            <Form.Item name="dictLabel" label="数据标签" rules={RULES.dictLabel}><Input placeholder="请输入数据标签" maxLength={maxLengthOf(AddDictDataBody, 'dictLabel')} /></Form.Item>
            <Form.Item name="dictValue" label="数据键值" rules={RULES.dictValue}><Input placeholder="请输入数据键值" maxLength={maxLengthOf(AddDictDataBody, 'dictValue')} /></Form.Item>
            <Form.Item name="dictSort" label="显示排序" rules={[{ required: true, message: '数据顺序不能为空' }]}><InputNumber min={0} /></Form.Item>
            <Form.Item name="listClass" label="回显样式"><Input placeholder="default / primary / success / info / warning / danger" /></Form.Item>
            <Form.Item name="isDefault" label="是否默认"><Radio.Group options={[{ value: 'Y', label: '是' }, { value: 'N', label: '否' }]} /></Form.Item>
            <Form.Item name="status" label="状态"><Radio.Group options={[{ value: '0', label: '正常' }, { value: '1', label: '停用' }]} /></Form.Item>
            <Form.Item name="remark" label="备注"><Input.TextArea rows={2} placeholder="请输入内容" /></Form.Item>
          </>
        )}
      </EditDialog>
    </>
  );
}
