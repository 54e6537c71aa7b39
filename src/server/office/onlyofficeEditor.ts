/**
 * The ONLYOFFICE editor configuration (api.onlyoffice.com "Config"), signed with the Document
 * Server's secret. The document url and the callback url carry tokens of this server: one that lets
 * the Document Server fetch exactly this file for a day, one that names what its save writes to and
 * for whom. The `purpose` claim keeps one from being used as the other.
 */
import { createHash } from 'node:crypto';
import type { OfficeConfig } from './officeConfig.js';
import { signJwt } from './hs256.js';
import { documentTypeOf, extOf } from './officeTypes.js';
import type { OfficeTarget, ResolvedTarget } from './officeTargets.js';

/** How long the document and callback urls stay valid: an editing session may last a working day. */
export const OFFICE_TOKEN_TTL_S = 24 * 3600;

/** The claims of the document-download token. */
export interface FileTokenClaims {
  purpose: 'file';
  tenantId: number;
  storeKey: string;
}

/** The claims of the save-callback token. */
export interface CallbackTokenClaims {
  purpose: 'callback';
  tenantId: number;
  userId: number;
  target: OfficeTarget;
}

/** What the page needs: the Document Server's address (for api.js) and the signed config. */
export interface EditorSetup {
  documentServerUrl: string;
  config: Record<string, unknown> & { token: string };
}

/**
 * The editor config for `resolved`; `base` is this server's origin as the Document Server reaches
 * it, `contentHash` the file's sha256 (the document key changes with the content, so an edited file
 * is never served from the Document Server's cache of the old one).
 */
export function editorSetup(
  office: OfficeConfig,
  base: string,
  resolved: ResolvedTarget,
  user: { tenantId: number; userId: number; nickName: string },
  edit: boolean,
  contentHash: string,
): EditorSetup {
  const secret = office.onlyofficeJwtSecret!;
  const fileToken = signJwt({ purpose: 'file', tenantId: user.tenantId, storeKey: resolved.storeKey } satisfies FileTokenClaims, secret, OFFICE_TOKEN_TTL_S);
  const callbackToken = signJwt({ purpose: 'callback', tenantId: user.tenantId, userId: user.userId, target: resolved.target } satisfies CallbackTokenClaims, secret, OFFICE_TOKEN_TTL_S);
  const key = createHash('sha256').update(`${user.tenantId}|${resolved.storeKey}|${contentHash}`).digest('hex').slice(0, 40);
  const mode = edit && resolved.canEdit ? 'edit' : 'view';
  const config: Record<string, unknown> = {
    document: {
      fileType: extOf(resolved.name),
      key,
      title: resolved.name,
      url: `${base}/api/office/onlyoffice/file?token=${fileToken}`,
      permissions: { edit: mode === 'edit', download: resolved.canDownload, print: resolved.canDownload },
    },
    documentType: documentTypeOf(resolved.name),
    editorConfig: {
      mode,
      lang: 'zh-CN',
      user: { id: String(user.userId), name: user.nickName },
      ...(mode === 'edit' ? { callbackUrl: `${base}/api/office/onlyoffice/callback?token=${callbackToken}` } : {}),
    },
  };
  return { documentServerUrl: office.onlyofficeUrl!, config: { ...config, token: signJwt(config, secret) } };
}
