/**
 * 文档管理 (/document-manage; issue 34 item 1): the folder tree on the left, the open folder's
 * folders and files on the right, with the toolbar 新建文件夹 / 上传 / 移动 / 重命名 / 删除 / 权限,
 * a search by name, versions, download and preview; office files also 预览 as PDF (LibreOffice),
 * 在线编辑 (ONLYOFFICE, only when configured) and 合并下载 of the selected files into one PDF
 * (docs/office.md). What a user sees and may do comes from the node permissions the server
 * enforces (ADR 1044); buttons only mirror them.
 */
import { FileOutlined, FolderOutlined } from '@ant-design/icons';
import { Breadcrumb, Button, Card, Empty, Input, Space, Table, Tree, type TreeDataNode } from 'antd';

import { useState } from 'react';
import type { ResourceNode } from '../../api/resources';
import { useResourceController, type FolderNode } from '../../controllers/useResourceController';
import { useFeedback } from '../../feedback/useFeedback';
import { saveBlob } from '../../list/io/useJob';
import { mergeResourcesPdf } from '../../api/files';
import { saveStoredFile } from '../../fields/data/useFileBlobUrl';
import { isEditableOffice, isMergeableFile, isOfficeFile } from '../../fields/upload/fileKinds';
import { useOfficeStatus } from '../../fields/upload/useOfficeStatus';
import { RelativeTime } from '../../routing/RelativeTime';
import { formatSize } from './formatSize';
import { ResourceMoveDialog } from './ResourceMoveDialog';
import { ResourceNameDialog } from './ResourceNameDialog';
import { ResourcePermissionDialog } from './ResourcePermissionDialog';
import { ResourceUploadDialog } from './ResourceUploadDialog';
import { ResourceVersionsDialog } from './ResourceVersionsDialog';

const ROOT_TITLE = '全部文档';
const toTree = (nodes: FolderNode[]): TreeDataNode[] =>
  nodes.map((n) => ({ key: n.id, title: n.name, icon: <FolderOutlined />, children: n.children.length ? toTree(n.children) : undefined }));
const PREVIEWABLE = /\.(png|jpe?g|gif|webp|pdf|txt)$/i;

type Dialog = 'folder' | 'upload' | 'move' | 'rename' | 'permissions' | undefined;

/** The resource library screen. */
export default function DocumentManagePage() {
  const app = useFeedback();
  const c = useResourceController();
  const [selected, setSelected] = useState<ResourceNode[]>([]);
  const [dialog, setDialog] = useState<Dialog>();
  const [versionsOf, setVersionsOf] = useState<ResourceNode | undefined>();
  const [merging, setMerging] = useState(false);
  const onlineEdit = useOfficeStatus()?.onlineEdit === true;

  const current = c.folders.find((f) => f.id === c.folderId);
  const folderName = current?.name ?? ROOT_TITLE;
  const canAddHere = c.folderId === 0 ? c.canAddRoot : current?.level === 'manage';
  const single = selected.length === 1 ? selected[0] : undefined;
  // 重命名 / 权限 act on the one selected node, else on the open folder.
  const target: { id: number; name: string; level: string } | undefined = single ?? (current ? { id: current.id, name: current.name, level: current.level } : undefined);
  const allManaged = selected.length > 0 && selected.every((s) => s.level === 'manage');
  // 合并下载 is a download: files only, each with download level and a type the merge takes.
  const allMergeable = selected.length > 0 && selected.every((s) => s.kind === 'file' && s.level !== 'view' && isMergeableFile(s.name));
  const close = () => setDialog(undefined);
  const openFolder = (id: number) => {
    setSelected([]);
    c.open(id);
  };

  const download = async (node: ResourceNode, version?: number) => saveBlob(await c.blob(node.id, { version }), node.name);
  // Office files open in the built-in viewer as the server's PDF; 在线编辑 in the ONLYOFFICE tab.
  const openViewer = (node: ResourceNode, edit = false) => window.open(`/online-preview?resourceId=${node.id}${edit ? '&edit=true' : ''}`, '_blank', 'noopener');
  const merge = async () => {
    setMerging(true);
    try {
      const merged = await mergeResourcesPdf(`${folderName}.pdf`, selected.map((s) => s.id));
      await saveStoredFile(merged.fileName, merged.originalName ?? `${folderName}.pdf`);
    } catch (e) {
      void app.message.error((e as Error).message);
    } finally {
      setMerging(false);
    }
  };
  const preview = async (node: ResourceNode) => {
    const url = URL.createObjectURL(await c.blob(node.id, { preview: true }));
    window.open(url, '_blank', 'noopener');
    setTimeout(() => URL.revokeObjectURL(url), 60_000);
  };
  const remove = () =>
    app.modal.confirm({
      title: '系统提示',
      content: `是否确认删除选中的 ${selected.length} 项？文件夹中的全部内容将一并删除。`,
      okText: '确定',
      cancelText: '取消',
      onOk: async () => {
        await c.remove.run(selected.map((s) => s.id));
        setSelected([]);
        void app.message.success('删除成功');
      },
    });

  return (
    <div style={{ display: 'flex', gap: 12, alignItems: 'flex-start' }}>
      <Card size="small" title="文件夹" style={{ width: 260, flex: 'none' }} data-testid="resource-tree">
        <Tree
          showIcon
          blockNode
          defaultExpandAll
          selectedKeys={[c.folderId]}
          treeData={[{ key: 0, title: ROOT_TITLE, icon: <FolderOutlined />, children: toTree(c.tree) }]}
          onSelect={(keys) => keys.length && openFolder(Number(keys[0]))}
          key={c.folders.length}
        />
      </Card>
      <div style={{ flex: 1, minWidth: 0 }}>
        <Breadcrumb
          data-testid="resource-path"
          style={{ marginBottom: 12 }}
          items={[{ title: <a onClick={() => openFolder(0)}>{ROOT_TITLE}</a> }, ...c.path.map((p) => ({ title: <a onClick={() => openFolder(p.id)}>{p.name}</a> }))]}
        />
        <Space wrap style={{ marginBottom: 12 }}>
          <Button type="primary" ghost disabled={!canAddHere} onClick={() => setDialog('folder')}>新建文件夹</Button>
          <Button type="primary" disabled={!canAddHere} onClick={() => setDialog('upload')}>上传</Button>
          <Button disabled={!allManaged} onClick={() => setDialog('move')}>移动</Button>
          <Button disabled={target?.level !== 'manage'} onClick={() => setDialog('rename')}>重命名</Button>
          <Button danger disabled={!allManaged} onClick={remove}>删除</Button>
          <Button disabled={target?.level !== 'manage'} onClick={() => setDialog('permissions')}>权限</Button>
          <Button disabled={!allMergeable} loading={merging} onClick={() => void merge()}>合并下载</Button>
          <Input.Search allowClear placeholder="按名称搜索" style={{ width: 220 }} onSearch={(v) => c.search(v)} key={c.folderId} />
        </Space>
        <Table<ResourceNode>
          rowKey="id"
          size="middle"
          loading={c.loading}
          dataSource={c.rows}
          locale={{ emptyText: <Empty description={c.name ? '没有找到匹配的文件' : '文件夹为空'} /> }}
          rowSelection={{ selectedRowKeys: selected.map((s) => s.id), onChange: (_, rows) => setSelected(rows) }}
          pagination={{ current: c.page.pageNum, pageSize: c.page.pageSize, total: c.total, showTotal: (t) => `共 ${t} 条`, onChange: c.setPage }}
          columns={[
            {
              title: '名称',
              dataIndex: 'name',
              ellipsis: true,
              render: (name: string, r) =>
                r.kind === 'folder' ? (
                  <a onClick={() => openFolder(r.id)}><FolderOutlined /> {name}</a>
                ) : (
                  <span><FileOutlined /> {name}</span>
                ),
            },
            { title: '大小', dataIndex: 'size', width: 100, render: (s: number, r) => (r.kind === 'file' ? formatSize(s) : '-') },
            { title: '版本', dataIndex: 'version', width: 70, render: (v: number, r) => (r.kind === 'file' ? `V${v}` : '-') },
            { title: '更新时间', dataIndex: 'updateTime', width: 170, render: (t: string) => <RelativeTime value={t} /> },
            {
              title: '操作',
              width: 250,
              render: (_, r) =>
                r.kind === 'file' && (
                  <Space size={0}>
                    <Button type="link" size="small" disabled={r.level === 'view'} onClick={() => void download(r)}>下载</Button>
                    {PREVIEWABLE.test(r.name) ? (
                      <Button type="link" size="small" onClick={() => void preview(r)}>预览</Button>
                    ) : isOfficeFile(r.name) ? (
                      <Button type="link" size="small" onClick={() => openViewer(r)}>预览</Button>
                    ) : null}
                    {onlineEdit && r.level === 'manage' && isEditableOffice(r.name) && <Button type="link" size="small" onClick={() => openViewer(r, true)}>在线编辑</Button>}
                    <Button type="link" size="small" onClick={() => setVersionsOf(r)}>版本</Button>
                  </Space>
                ),
            },
          ]}
        />
      </div>
      <ResourceNameDialog
        open={dialog === 'folder'}
        title="新建文件夹"
        saving={c.addFolder.pending}
        onClose={close}
        onSave={async (name) => {
          await c.addFolder.run(c.folderId, name);
          void app.message.success('新建成功');
          close();
        }}
      />
      <ResourceNameDialog
        open={dialog === 'rename'}
        title="重命名"
        oldName={target?.name}
        saving={c.rename.pending}
        onClose={close}
        onSave={async (name) => {
          await c.rename.run(target!.id, name);
          setSelected([]);
          void app.message.success('重命名成功');
          close();
        }}
      />
      <ResourceUploadDialog
        open={dialog === 'upload'}
        folderName={folderName}
        onClose={close}
        onUpload={async (file, onProgress) => {
          await c.upload.run(c.folderId, file, file.name, onProgress);
        }}
      />
      <ResourceMoveDialog
        open={dialog === 'move'}
        count={selected.length}
        tree={c.tree}
        canAddRoot={c.canAddRoot}
        saving={c.move.pending}
        onClose={close}
        onMove={async (parentId) => {
          await c.move.run(selected.map((s) => s.id), parentId);
          setSelected([]);
          void app.message.success('移动成功');
          close();
        }}
      />
      <ResourcePermissionDialog
        node={dialog === 'permissions' ? target : undefined}
        saving={c.savePermissions.pending}
        onClose={close}
        onSave={async (entries) => {
          await c.savePermissions.run(target!.id, entries);
          void app.message.success('保存成功');
          close();
        }}
      />
      <ResourceVersionsDialog file={versionsOf} onClose={() => setVersionsOf(undefined)} onDownload={(v) => versionsOf && void download(versionsOf, v)} />
    </div>
  );
}
