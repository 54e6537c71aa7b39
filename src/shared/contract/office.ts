/**
 * `/api/office/…` (spec 02 §3, §7, §8; docs/office.md): what the server can do with office files,
 * their PDF, the merge download through the converter, and the ONLYOFFICE editor and callback.
 */
import { Type } from 'typebox';
import { Closed, DataEnvelope, Id, OpenObject, Str } from './common.js';
import { MAX_BUNDLE_FILES } from './files.js';

/** `GET /api/office/status`: whether office files can become PDF here, and whether online editing is on. */
export const OfficeStatusAnswer = DataEnvelope(
  Type.Object({
    converter: Type.Boolean(),
    /** Why not, in Chinese, when `converter` is false. */
    converterMessage: Type.Optional(Type.String()),
    onlineEdit: Type.Boolean(),
  }),
);

/** A file: an upload (key or download url) or a library file by id. */
export const OfficeFileQuery = Closed({
  fileName: Type.Optional(Type.String({ minLength: 1, maxLength: 1000 })),
  resourceId: Type.Optional(Id),
});

/**
 * `POST /api/office/merge/pdf`: uploads by url, then library files by id (download level), merged
 * in that order; at least one of the two (spec 02 §7 names only `urls`; `resourceIds` is the
 * library's 合并下载).
 */
export const OfficeMergeBody = Closed({
  fileName: Type.Optional(Str({ max: 200 })),
  urls: Type.Optional(Type.Array(Str({ min: 1, max: 1000 }), { maxItems: MAX_BUNDLE_FILES })),
  resourceIds: Type.Optional(Type.Array(Id, { maxItems: MAX_BUNDLE_FILES })),
});

/** `GET /api/office/editor`: the file, and `edit=true` for the editing mode. */
export const OfficeEditorQuery = Closed({
  fileName: Type.Optional(Type.String({ minLength: 1, maxLength: 1000 })),
  resourceId: Type.Optional(Id),
  edit: Type.Optional(Type.Boolean()),
});

/** The Document Server's address and the signed editor config (its `token` is the config's HS256 JWT). */
export const OfficeEditorAnswer = DataEnvelope(
  Type.Object({ documentServerUrl: Type.String(), mode: Type.Union([Type.Literal('edit'), Type.Literal('view')]), config: OpenObject }),
);

/** The token the Document Server presents (a JWT of this server). */
export const OfficeTokenQuery = Type.Object({ token: Str({ min: 1, max: 4000 }) }, { additionalProperties: false });

/** `POST /api/office/onlyoffice/callback`: the Document Server's own body (key, status, url, users, token, …). */
export const OnlyofficeCallbackBody = OpenObject;

/** The answer the Document Server expects. */
export const OnlyofficeCallbackAnswer = Type.Object({ error: Type.Integer() });
