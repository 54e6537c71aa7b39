/** 文档管理 calls (spec 02 §7 "Resources and policy"; src/shared/contract/resources.ts; ADR 1044). */
import { get, post } from './http';
import { postFile } from './files';
import type { DataResponse, PageResponse } from './types';
import type { ResourceEntry, ResourceFolder, ResourceNode, ResourcePermissions, ResourceVersion } from '../../shared/contract/resources';

export type { ResourceEntry, ResourceFolder, ResourceNode, ResourcePermissions, ResourceVersion };

/** `GET /api/system/resource/getDirectory`: the visible folders (flat) and whether the caller may add at the top. */
export async function resourceDirectory(): Promise<{ folders: ResourceFolder[]; canAddRoot: boolean }> {
  const r = await get<DataResponse<ResourceFolder[]> & { canAddRoot: boolean }>('/system/resource/getDirectory');
  return { folders: r.data, canAddRoot: r.canAddRoot };
}

/** `GET /api/system/resource/list/file`: a folder's children, or with `name` a search under it. */
export function listResources(query: { parentId: number; name?: string; pageNum: number; pageSize: number }): Promise<PageResponse<ResourceNode>> {
  return get('/system/resource/list/file', query);
}

/** `GET /api/system/resource/load?id=`: one node with the caller's level (404 without view). */
export async function loadResource(id: number): Promise<ResourceNode> {
  return (await get<DataResponse<ResourceNode>>('/system/resource/load', { id })).data;
}

/** `GET /api/system/resource/ancestors/get?id=`: the visible path to a node. */
export async function resourceAncestors(id: number): Promise<{ id: number; name: string }[]> {
  return (await get<DataResponse<{ id: number; name: string }[]>>('/system/resource/ancestors/get', { id })).data;
}

/** `POST /api/system/resource/insert`: a new folder. */
export async function addFolder(parentId: number, name: string): Promise<ResourceNode> {
  return (await post<DataResponse<ResourceNode>>('/system/resource/insert', { parentId, name })).data;
}

/** `POST /api/system/resource/upload` (multipart): a file into a folder, a new version when the name exists. */
export async function uploadResource(parentId: number, file: Blob, name: string, onProgress?: (percent: number) => void): Promise<ResourceNode> {
  return (await postFile<DataResponse<ResourceNode>>('/api/system/resource/upload', file, name, onProgress, undefined, { parentId: String(parentId) })).data;
}

/** `POST /api/system/resource/modify`: rename. */
export async function renameResource(id: number, name: string): Promise<void> {
  await post('/system/resource/modify', { id, name });
}

/** `POST /api/system/resource/move`. */
export async function moveResources(ids: number[], parentId: number): Promise<void> {
  await post('/system/resource/move', { ids, parentId });
}

/** `POST /api/system/resource/delete`. */
export async function deleteResources(ids: number[]): Promise<void> {
  await post('/system/resource/delete', { ids });
}

/** `GET /api/system/resource/permissions?id=`. */
export async function resourcePermissions(id: number): Promise<ResourcePermissions> {
  return (await get<DataResponse<ResourcePermissions>>('/system/resource/permissions', { id })).data;
}

/** `POST /api/system/resource/permissions/modify`: replaces the node's own entries. */
export async function saveResourcePermissions(id: number, entries: ResourceEntry[]): Promise<void> {
  await post('/system/resource/permissions/modify', { id, entries });
}

/** `GET /api/system/resource/versions?id=`. */
export async function resourceVersions(id: number): Promise<ResourceVersion[]> {
  return (await get<DataResponse<ResourceVersion[]>>('/system/resource/versions', { id })).data;
}

/** `GET /api/system/resource/download` (or `preview`) as a blob. */
export function resourceBlob(id: number, opts: { version?: number; preview?: boolean } = {}): Promise<Blob> {
  return get<Blob>(opts.preview ? '/system/resource/preview' : '/system/resource/download', { id, version: opts.version }, { responseType: 'blob' });
}
