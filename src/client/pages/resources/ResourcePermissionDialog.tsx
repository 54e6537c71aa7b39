/**
 * 权限 of a node (ADR 1044): what it inherits from the folders above (read only) and its own
 * entries (user, role or department; 查看 / 下载 / 管理), which add to the inherited ones.
 */
import { Button, Modal, Select, Space, Table, Tag, TreeSelect, Typography } from 'antd';
import { useEffect, useState } from 'react';
import type { ResourceEntry } from '../../api/resources';
import { useResourcePermissions, useSubjectOptions } from '../../controllers/useResourceController';
import { toTreeSelect } from '../admin/common/toTreeSelect';

const SUBJECTS = [{ value: 'user', label: '人员' }, { value: 'role', label: '角色' }, { value: 'dept', label: '部门' }] as const;
const LEVELS = [{ value: 'view', label: '查看' }, { value: 'download', label: '下载' }, { value: 'manage', label: '管理' }] as const;
const label = (list: readonly { value: string; label: string }[], v: string) => list.find((x) => x.value === v)?.label ?? v;

type Row = { key: number; subjectType: ResourceEntry['subjectType']; subjectId?: number; level: ResourceEntry['level'] };

interface Props {
  node: { id: number; name: string } | undefined;
  saving: boolean;
  onClose: () => void;
  onSave: (entries: ResourceEntry[]) => Promise<void>;
}

let nextKey = 1;

/** The permission dialog. */
export function ResourcePermissionDialog({ node, saving, onClose, onSave }: Props) {
  const perms = useResourcePermissions(node?.id);
  const options = useSubjectOptions(!!node);
  const [rows, setRows] = useState<Row[]>([]);
  const [error, setError] = useState('');
  useEffect(() => {
    setError('');
    setRows((perms.data?.entries ?? []).map((e) => ({ key: nextKey++, subjectType: e.subjectType, subjectId: e.subjectId, level: e.level })));
  }, [perms.data]);
  const update = (key: number, patch: Partial<Row>) => setRows((rs) => rs.map((r) => (r.key === key ? { ...r, ...patch } : r)));

  return (
    <Modal
      open={!!node}
      title={`权限设置：${node?.name ?? ''}`}
      width={760}
      okText="确定"
      cancelText="取消"
      maskClosable={false}
      confirmLoading={saving}
      destroyOnHidden
      onCancel={onClose}
      onOk={async () => {
        if (rows.some((r) => !r.subjectId)) {
          setError('请选择授权对象');
          return;
        }
        await onSave(rows.map((r) => ({ subjectType: r.subjectType, subjectId: r.subjectId!, level: r.level })));
      }}
    >
      <Typography.Paragraph type="secondary">权限向下继承：上级文件夹的授权对其下所有文件夹和文件有效；此处的授权在继承的基础上增加。</Typography.Paragraph>
      <Typography.Title level={5}>继承的权限</Typography.Title>
      <Table
        size="small"
        rowKey={(r) => `${r.fromId}:${r.subjectType}:${r.subjectId}`}
        pagination={false}
        loading={perms.isFetching}
        dataSource={perms.data?.inherited ?? []}
        locale={{ emptyText: '无' }}
        columns={[
          { title: '类型', dataIndex: 'subjectType', width: 80, render: (v: string) => label(SUBJECTS, v) },
          { title: '授权对象', dataIndex: 'name' },
          { title: '权限', dataIndex: 'level', width: 80, render: (v: string) => <Tag>{label(LEVELS, v)}</Tag> },
          { title: '来自', dataIndex: 'fromName' },
        ]}
      />
      <Typography.Title level={5} style={{ marginTop: 16 }}>本级权限</Typography.Title>
      <Space direction="vertical" style={{ width: '100%' }} data-testid="resource-entries">
        {rows.map((r) => (
          <Space key={r.key} data-testid="resource-entry">
            <Select aria-label="授权类型" style={{ width: 90 }} value={r.subjectType} options={[...SUBJECTS]} onChange={(v) => update(r.key, { subjectType: v, subjectId: undefined })} />
            {r.subjectType === 'dept' ? (
              <TreeSelect aria-label="授权对象" style={{ width: 320 }} value={r.subjectId} placeholder="请选择部门" treeDefaultExpandAll showSearch treeNodeFilterProp="title" treeData={toTreeSelect(options.depts)} onChange={(v) => update(r.key, { subjectId: v })} />
            ) : (
              <Select aria-label="授权对象" style={{ width: 320 }} value={r.subjectId} placeholder={r.subjectType === 'user' ? '请选择人员' : '请选择角色'} showSearch optionFilterProp="label" options={options[r.subjectType]} onChange={(v) => update(r.key, { subjectId: v })} />
            )}
            <Select aria-label="权限级别" style={{ width: 100 }} value={r.level} options={[...LEVELS]} onChange={(v) => update(r.key, { level: v })} />
            <Button type="link" danger onClick={() => setRows((rs) => rs.filter((x) => x.key !== r.key))}>移除</Button>
          </Space>
        ))}
        <Button type="dashed" onClick={() => setRows((rs) => [...rs, { key: nextKey++, subjectType: 'user', level: 'view' }])}>添加授权</Button>
        {error && <Typography.Text type="danger">{error}</Typography.Text>}
      </Space>
    </Modal>
  );
}
