/** 文档管理 screen data (issue 34 item 1): the folder tree, the open folder's list or a search, and the actions. */
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { deptTree } from '../api/depts';
import { queryKeys } from '../api/queryKeys';
import {
  addFolder, deleteResources, listResources, moveResources, renameResource, resourceAncestors, resourceBlob, resourceDirectory, resourcePermissions, resourceVersions,
  saveResourcePermissions, uploadResource, type ResourceEntry, type ResourceFolder,
} from '../api/resources';
import { listRoles } from '../api/roles';
import { listUsers } from '../api/users';
import { useCrudAction } from './useCrudList';

/** A folder of the tree with its sub-folders. */
export interface FolderNode extends ResourceFolder {
  children: FolderNode[];
}

/** The flat folder list as a tree (a folder whose parent is not in the list is at the top). */
export function folderTree(folders: ResourceFolder[]): FolderNode[] {
  const nodes = new Map<number, FolderNode>(folders.map((f) => [f.id, { ...f, children: [] }]));
  const roots: FolderNode[] = [];
  for (const n of nodes.values()) {
    const parent = nodes.get(n.parentId);
    if (parent) parent.children.push(n);
    else roots.push(n);
  }
  return roots;
}

/** The library: which folder is open (0: the top), the search, the page, and every action. */
export function useResourceController() {
  const [folderId, setFolderId] = useState(0);
  const [name, setName] = useState('');
  const [page, setPage] = useState({ pageNum: 1, pageSize: 20 });
  const query = { parentId: folderId, name: name || undefined, ...page };
  const directory = useQuery({ queryKey: queryKeys.resources.directory(), queryFn: resourceDirectory });
  const list = useQuery({ queryKey: queryKeys.resources.list(query), queryFn: () => listResources(query) });
  const ancestors = useQuery({ queryKey: queryKeys.resources.ancestors(folderId), queryFn: () => resourceAncestors(folderId), enabled: folderId > 0 });
  const all = queryKeys.resources.all;
  return {
    folderId,
    open: (id: number) => {
      setFolderId(id);
      setName('');
      setPage((p) => ({ ...p, pageNum: 1 }));
    },
    name,
    search: (text: string) => {
      setName(text.trim());
      setPage((p) => ({ ...p, pageNum: 1 }));
    },
    page,
    setPage: (pageNum: number, pageSize: number) => setPage({ pageNum, pageSize }),
    folders: directory.data?.folders ?? [],
    tree: folderTree(directory.data?.folders ?? []),
    canAddRoot: directory.data?.canAddRoot ?? false,
    rows: list.data?.rows ?? [],
    total: list.data?.total ?? 0,
    loading: list.isFetching,
    path: folderId > 0 ? (ancestors.data ?? []) : [],
    addFolder: useCrudAction(all, addFolder),
    upload: useCrudAction(all, uploadResource),
    rename: useCrudAction(all, renameResource),
    move: useCrudAction(all, moveResources),
    remove: useCrudAction(all, deleteResources),
    savePermissions: useCrudAction(all, (id: number, entries: ResourceEntry[]) => saveResourcePermissions(id, entries)),
    blob: resourceBlob,
  };
}

/** A node's permission entries (loaded when the dialog opens). */
export function useResourcePermissions(id: number | undefined) {
  return useQuery({ queryKey: queryKeys.resources.permissions(id ?? 0), queryFn: () => resourcePermissions(id!), enabled: !!id, gcTime: 0 });
}

/** A file's versions (loaded when the dialog opens). */
export function useResourceVersions(id: number | undefined) {
  return useQuery({ queryKey: queryKeys.resources.versions(id ?? 0), queryFn: () => resourceVersions(id!), enabled: !!id, gcTime: 0 });
}

/** Users, roles and departments an entry may name (loaded when the dialog opens). */
export function useSubjectOptions(enabled: boolean) {
  const users = useQuery({ queryKey: queryKeys.users.list({ pageNum: 1, pageSize: 1000, for: 'resources' }), queryFn: () => listUsers({ pageNum: 1, pageSize: 1000 }), enabled });
  const roles = useQuery({ queryKey: queryKeys.roles.list({ pageNum: 1, pageSize: 1000, for: 'resources' }), queryFn: () => listRoles({ pageNum: 1, pageSize: 1000 }), enabled });
  const depts = useQuery({ queryKey: queryKeys.depts.tree(), queryFn: deptTree, enabled });
  return {
    user: (users.data?.rows ?? []).map((u) => ({ value: u.userId as number, label: `${u.nickName}（${u.userName}）` })),
    role: (roles.data?.rows ?? []).map((r) => ({ value: r.roleId as number, label: r.roleName })),
    depts: depts.data?.data ?? [],
  };
}
