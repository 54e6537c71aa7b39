/** After a new form is saved: offers to add its list menu (POST /api/system/menu) under a chosen directory. */
import { Form, Input, InputNumber, Modal, TreeSelect } from 'antd';
import { useFeedback } from '../../feedback/useFeedback';
import { useEffect, useMemo, useState } from 'react';
import type { MenuEntry } from '../../api/types';
import { useFormMenu } from '../../controllers/useFormMenu';

interface DirNode { value: number; title: string; children?: DirNode[] }

/** Directories of the menu tree (entries with children). */
function directories(entries: MenuEntry[]): DirNode[] {
  return entries
    .filter((e) => (e.children?.length ?? 0) > 0 && (e.meta?.menuId ?? e.menuId) != null)
    .map((e) => ({ value: Number(e.meta?.menuId ?? e.menuId), title: e.meta?.title ?? e.name ?? e.path, children: directories(e.children ?? []) }));
}

/** The dialog; `form` null means closed. */
export function MenuDialog({ form, onClose }: { form: { enName: string; cnName: string } | null; onClose: () => void }) {
  const { message } = useFeedback();
  const { menus, add } = useFormMenu(!!form);
  const tree = useMemo(() => directories(menus), [menus]);
  const [parentId, setParentId] = useState<number>(0);
  const [name, setName] = useState('');
  const [order, setOrder] = useState(1);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (!form) return;
    setName(form.cnName);
  }, [form]);
  const submit = async () => {
    if (!form) return;
    setBusy(true);
    try {
      await add(form.enName, name || form.cnName, parentId, order);
      void message.success('菜单已添加');
      onClose();
    } catch (err) {
      void message.error(`添加菜单失败：${err instanceof Error ? err.message : String(err)}`);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal title="添加表单菜单" open={!!form} okText="添加菜单" cancelText="暂不添加" confirmLoading={busy} onOk={() => void submit()} onCancel={onClose} destroyOnHidden>
      <Form layout="vertical">
        <Form.Item label="上级目录">
          <TreeSelect aria-label="上级目录" value={parentId} treeData={[{ value: 0, title: '主类目', children: tree }]} treeDefaultExpandAll onChange={(v: number) => setParentId(v)} />
        </Form.Item>
        <Form.Item label="菜单名称"><Input aria-label="菜单名称" value={name} onChange={(e) => setName(e.target.value)} /></Form.Item>
        <Form.Item label="显示排序"><InputNumber aria-label="显示排序" min={0} value={order} onChange={(v) => setOrder(v ?? 0)} /></Form.Item>
      </Form>
    </Modal>
  );
}
