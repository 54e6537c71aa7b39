/**
 * `/api/system/resource/…`: 文档管理, the resource library (spec 02 §7 "Resources and policy";
 * issue 34 item 1; ADR 1044). A node is a folder or a file; `parentId` 0 is the root. Every call
 * answers only the nodes the caller may view: another node answers 404 like a missing one.
 */
import { Type, type Static } from 'typebox';
import { Closed, DataEnvelope, DoneEnvelope, Id, IdList, PageEnvelope, PageProps, Str, StrEnum } from './common.js';

/** What a permission entry grants; each level includes the ones before it. */
export const RESOURCE_LEVELS = ['view', 'download', 'manage'] as const;
export type ResourceLevel = (typeof RESOURCE_LEVELS)[number];

/** Who an entry is for. */
export const RESOURCE_SUBJECTS = ['user', 'role', 'dept'] as const;
export type ResourceSubject = (typeof RESOURCE_SUBJECTS)[number];

/** The most characters of a folder or file name. */
export const RESOURCE_NAME_MAX = 120;

const ParentId = Type.Integer({ minimum: 0, maximum: Number.MAX_SAFE_INTEGER });

/** One node as lists, the tree and `load` show it; `level` is what the caller may do there. */
export const ResourceNode = Type.Object({
  id: Type.Integer(),
  parentId: Type.Integer(),
  kind: StrEnum(['folder', 'file']),
  name: Type.String(),
  size: Type.Integer(),
  version: Type.Integer(),
  createBy: Type.Integer(),
  createTime: Type.String({ format: 'date-time' }),
  updateTime: Type.String({ format: 'date-time' }),
  level: StrEnum(RESOURCE_LEVELS),
});
export type ResourceNode = Static<typeof ResourceNode>;

/**
 * A folder of `getDirectory`. The list is flat (the screen builds the tree); `parentId` is the
 * nearest folder above it the caller may view, 0 when there is none (a folder shared on its own
 * shows at the top).
 */
export const ResourceFolder = Type.Object({ id: Type.Integer(), parentId: Type.Integer(), name: Type.String(), level: StrEnum(RESOURCE_LEVELS) });
export type ResourceFolder = Static<typeof ResourceFolder>;

/** `GET /api/system/resource/getDirectory`: the folders the caller may view; `canAddRoot` whether they may create top-level folders. */
export const ResourceDirectoryAnswer = DataEnvelope(Type.Array(ResourceFolder), { canAddRoot: Type.Boolean() });

/** `GET /api/system/resource/list/file`: the children of `parentId` (folders first), or with `name` the nodes under it whose name contains it. */
export const ResourceListQuery = Type.Object({ ...PageProps, parentId: Type.Optional(ParentId), name: Type.Optional(Type.String({ maxLength: RESOURCE_NAME_MAX })) });
export const ResourcePage = PageEnvelope(ResourceNode);

/** `GET …/load?id=`, `…/ancestors/get?id=`, `…/permissions?id=`, `…/versions?id=`. */
export const ResourceIdQuery = Type.Object({ id: Id });
export const ResourceAnswer = DataEnvelope(ResourceNode);
/** The visible ancestors from the top down, the node itself last. */
export const ResourceAncestorsAnswer = DataEnvelope(Type.Array(Type.Object({ id: Type.Integer(), name: Type.String() })));

/** `POST …/insert`: a new folder (files come by `…/upload`). */
export const ResourceInsertBody = Closed({ parentId: ParentId, name: Str({ min: 1, max: RESOURCE_NAME_MAX }) });
export const ResourceSaved = DataEnvelope(ResourceNode);

/** `POST …/modify`: renames a node. */
export const ResourceModifyBody = Closed({ id: Id, name: Str({ min: 1, max: RESOURCE_NAME_MAX }) });

/** `POST …/move`: moves nodes into the folder `parentId` (0: the root). */
export const ResourceMoveBody = Closed({ ids: IdList, parentId: ParentId });

/** `POST …/delete`: removes nodes (a folder with everything under it). */
export const ResourceDeleteBody = Closed({ ids: IdList });
export const ResourceDone = DoneEnvelope;

/** One permission entry; `name` is the user's, role's or department's name when read. */
export const ResourceEntry = Closed({ subjectType: StrEnum(RESOURCE_SUBJECTS), subjectId: Id, level: StrEnum(RESOURCE_LEVELS) });
export type ResourceEntry = Static<typeof ResourceEntry>;
const NamedEntry = Type.Object({ subjectType: StrEnum(RESOURCE_SUBJECTS), subjectId: Type.Integer(), level: StrEnum(RESOURCE_LEVELS), name: Type.String() });

/** `GET …/permissions?id=`: the node's own entries and those it inherits (with the folder they come from). */
export const ResourcePermissionsAnswer = DataEnvelope(
  Type.Object({
    id: Type.Integer(),
    entries: Type.Array(NamedEntry),
    inherited: Type.Array(Type.Object({ ...NamedEntry.properties, fromId: Type.Integer(), fromName: Type.String() })),
  }),
);
export type ResourcePermissions = Static<typeof ResourcePermissionsAnswer>['data'];

/** `POST …/permissions/modify`: replaces the node's own entries (inherited ones stay). */
export const ResourcePermissionsBody = Closed({ id: Id, entries: Type.Array(ResourceEntry, { maxItems: 500 }) });

/** `GET …/versions?id=`: every version of a file, newest first. */
export const ResourceVersion = Type.Object({ version: Type.Integer(), size: Type.Integer(), createBy: Type.Integer(), createTime: Type.String({ format: 'date-time' }) });
export type ResourceVersion = Static<typeof ResourceVersion>;
export const ResourceVersionsAnswer = DataEnvelope(Type.Array(ResourceVersion));

/** `GET …/download?id=&version=` and `GET …/preview?id=&version=`. */
export const ResourceFileQuery = Type.Object({ id: Id, version: Type.Optional(Id) });
