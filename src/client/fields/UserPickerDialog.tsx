/**
 * 用户选择 (spec 01 §2.6): 600 px; 显示已冻结 switch; keyword search (请输入关键词搜索) showing nick
 * names and departments; a department and user tree with checkboxes (checking a department checks
 * all its users); 已选中N个用户 with a remove control on each entry. Where an empty choice means
 * nothing (转签, 加签, a field with nobody chosen yet), 确定 with nobody chosen says 请选择用户 and
 * stays open (issue 27 item 8).
 */
import { CloseOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Col, Empty, Input, List, Modal, Row, Switch, Tree, Typography } from 'antd';
import type { TreeDataNode as DataNode } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { deptTreeOptions, searchUsers, usersOfDept, type PickDept, type PickUser } from '../api/pickerOptions';
import { queryKeys } from '../api/queryKeys';
import { addUsers, removeUsers, type Selection } from './data/userSelection';

interface Props {
  open: boolean;
  multiple: boolean;
  initial: Selection;
  onOk: (sel: Selection) => void;
  onCancel: () => void;
  /** 确定 needs at least one user (otherwise it would silently do nothing). */
  requireSelection?: boolean;
  /** Users not offered (转签 / 加签: those who already have a say in the node entry, ADR 1066). */
  exclude?: readonly number[];
}

/** What 确定 with nobody chosen says when a choice is needed. */
export const NOBODY_CHOSEN = '请选择用户';

function deptNames(tree: PickDept[]): Map<number, string> {
  const m = new Map<number, string>();
  const walk = (nodes: PickDept[]) => nodes.forEach((n) => { m.set(n.id, n.label); walk(n.children ?? []); });
  walk(tree);
  return m;
}

/** Spec 01 §9: the keyword search runs 200 ms after the last keystroke. */
export const USER_SEARCH_DEBOUNCE_MS = 200;

/** The dialog; the selection is restored from `initial` each time it opens and dropped on close. */
export function UserPickerDialog({ open, multiple, initial, onOk, onCancel, requireSelection, exclude }: Props) {
  const offered = (list: PickUser[]) => (exclude?.length ? list.filter((u) => !exclude.includes(u.userId)) : list);
  const qc = useQueryClient();
  const [showFrozen, setShowFrozen] = useState(false);
  // What is typed, and the keyword searched: the search follows the typing 200 ms after the last
  // key (spec 01 §9), or at once on Enter.
  const [typed, setTyped] = useState('');
  const [keyword, setKeyword] = useState('');
  const [sel, setSel] = useState<Selection>(initial);
  const [nobody, setNobody] = useState(false);
  const [checkedDepts, setCheckedDepts] = useState<number[]>([]);
  const [users, setUsers] = useState<Record<number, PickUser[]>>({});
  const tree = useQuery({ queryKey: queryKeys.pickers.deptTree(), queryFn: deptTreeOptions, enabled: open, staleTime: 60_000 });
  const search = useQuery({ queryKey: queryKeys.pickers.userSearch(keyword, showFrozen), queryFn: () => searchUsers(keyword, showFrozen), enabled: open && keyword.trim() !== '' });
  const names = useMemo(() => deptNames(tree.data ?? []), [tree.data]);

  useEffect(() => {
    // The typed keyword is dropped on close, not on open: an open-time reset could wipe what the
    // user types into the freshly shown box.
    if (open) { setSel(initial); setCheckedDepts([]); setNobody(false); }
    else { setUsers({}); setTyped(''); setKeyword(''); }
    // Re-initialise only when the dialog opens or closes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open]);
  useEffect(() => setUsers({}), [showFrozen]);
  useEffect(() => { if (sel.length) setNobody(false); }, [sel.length]);
  useEffect(() => {
    const timer = window.setTimeout(() => setKeyword(typed.trim()), USER_SEARCH_DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [typed]);

  const deptUsers = async (deptId: number, includeChildren: boolean) =>
    offered(await qc.fetchQuery({ queryKey: [...queryKeys.pickers.deptUsers(deptId, showFrozen), includeChildren], queryFn: () => usersOfDept(deptId, showFrozen, includeChildren), staleTime: 30_000 }));

  // rc-tree calls loadData only for nodes without children, so departments with sub-departments load their own users on expand.
  const loadUsers = async (key: string) => {
    const id = Number(key.slice(1));
    if (!key.startsWith('d') || users[id]) return;
    const list = await deptUsers(id, false);
    setUsers((u) => ({ ...u, [id]: list }));
  };

  const toNodes = (nodes: PickDept[]): DataNode[] =>
    nodes.map((d) => ({
      key: `d${d.id}`,
      title: d.label,
      children: [
        ...toNodes(d.children ?? []),
        ...(users[d.id] ?? []).map((u) => ({ key: `u${u.userId}`, title: `${u.nickName}${String(u.status) === '1' ? '（已冻结）' : ''}`, isLeaf: true })),
      ],
    }));
  const treeData = toNodes(tree.data ?? []);

  const onCheck = async (key: string, checked: boolean) => {
    if (key.startsWith('u')) {
      const id = Number(key.slice(1));
      const u = Object.values(users).flat().find((x) => x.userId === id);
      if (!u) return;
      setSel((s) => (checked ? addUsers(s, [u], multiple) : removeUsers(s, [id])));
      return;
    }
    const deptId = Number(key.slice(1));
    const list = await deptUsers(deptId, true);
    setCheckedDepts((c) => (checked ? [...c, deptId] : c.filter((x) => x !== deptId)));
    setSel((s) => (checked ? addUsers(s, list, multiple) : removeUsers(s, list.map((u) => u.userId))));
  };

  const checkedKeys = [...sel.map((s) => `u${s.userId}`), ...checkedDepts.map((d) => `d${d}`)];
  return (
    <Modal title="用户选择" open={open} width={600} onOk={() => { if (requireSelection && !sel.length) setNobody(true); else onOk(sel); }} onCancel={onCancel} destroyOnHidden maskClosable={false} okText="确定" cancelText="取消">
      <Row gutter={12}>
        <Col span={14}>
          <div style={{ marginBottom: 8 }}>
            <Switch size="small" checked={showFrozen} onChange={setShowFrozen} aria-label="显示已冻结" /> 显示已冻结
          </div>
          <Input.Search placeholder="请输入关键词搜索" allowClear value={typed} onSearch={(v) => { setTyped(v); setKeyword(v.trim()); }} onChange={(e) => setTyped(e.target.value)} />
          {keyword ? (
            <List
              size="small"
              className="fw-user-search"
              dataSource={offered(search.data ?? [])}
              locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="无匹配用户" /> }}
              renderItem={(u) => (
                <List.Item onClick={() => setSel((s) => addUsers(s, [u], multiple))} style={{ cursor: 'pointer' }}>
                  <span>{u.nickName}</span>
                  <Typography.Text type="secondary">{u.deptId != null ? names.get(u.deptId) ?? '' : ''}</Typography.Text>
                </List.Item>
              )}
            />
          ) : (
            <Tree
              checkable
              checkStrictly
              style={{ marginTop: 8, maxHeight: 360, overflow: 'auto' }}
              treeData={treeData}
              checkedKeys={{ checked: checkedKeys, halfChecked: [] }}
              loadData={(node) => loadUsers(String(node.key))}
              onExpand={(_keys, info) => { if (info.expanded) void loadUsers(String(info.node.key)); }}
              onCheck={(_keys, info) => void onCheck(String(info.node.key), info.checked)}
            />
          )}
        </Col>
        <Col span={10}>
          <Typography.Text strong>已选中{sel.length}个用户</Typography.Text>
          {nobody ? <div role="alert"><Typography.Text type="danger">{NOBODY_CHOSEN}</Typography.Text></div> : null}
          <List
            size="small"
            dataSource={sel}
            renderItem={(s) => (
              <List.Item actions={[<Button key="x" size="small" type="text" icon={<CloseOutlined />} aria-label={`移除${s.nickName}`} onClick={() => setSel((x) => removeUsers(x, [s.userId]))} />]}>
                {s.nickName}
              </List.Item>
            )}
          />
        </Col>
      </Row>
    </Modal>
  );
}
