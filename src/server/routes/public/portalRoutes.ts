/**
 * Issue 32 item 1: the portal (spec 02 §2.2). Public, no token: the home (sections and newest
 * items), a source form's published list and one published record, each per tenant
 * (`?tenantCode=`, default DEFAULT), throttled per address, and cacheable: `Cache-Control:
 * public, max-age=30` and an ETag of the sources' write generations and settings, answered 304
 * while unchanged. For administrators (`flowable:form:edit`): a form's portal setting.
 */
import { createHash } from 'node:crypto';
import { Type } from 'typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ContractPlugin } from '../../http/typeProvider.js';
import { done, ok } from '../../http/reply.js';
import { requirePermission } from '../../auth/permissions.js';
import { designPerm } from '../../records/services/formPermissions.js';
import { withOperation, BUSINESS_TYPE } from '../../services/operationLog.js';
import { takePublicAttempt } from '../../public/publicThrottle.js';
import { portalDetail, portalHome, portalList, portalSettingOf, setPortalSetting } from '../../public/portal.js';
import { portalImage } from '../../public/portalImages.js';
import { fileStoreFor } from '../../files/openFileStore.js';
import { contentDisposition, contentTypeOf } from '../../files/contentDisposition.js';
import { notFound } from '../../http/HttpError.js';
import { DoneEnvelope, FileAnswer } from '../../../shared/contract/common.js';
import {
  PortalDetailAnswer, PortalFormParams, PortalImageParams, PortalHomeAnswer, PortalItemParams, PortalListAnswer, PortalListQuery, PortalQuery, PortalSetting, PortalSettingAnswer,
} from '../../../shared/contract/portal.js';

/** How long a browser or proxy may reuse an answer without asking: short, so a publication shows within half a minute. */
/** A 304 answer: no body (the client's copy is current). */
export const NotModified = Type.Null({ description: '未修改：沿用缓存的应答' });

export const PORTAL_MAX_AGE = 30;

/**
 * Sets the caching headers of an answer; true when the client's copy is current (answer 304).
 * Public dashboards (routes/dashboards/publicDashboardRoutes.ts) answer with the same headers.
 * Without a version (a form without a write counter, or a write during the read) the answer is
 * not cacheable at all.
 */
export function cacheHeaders(request: FastifyRequest, reply: FastifyReply, version: string | null): boolean {
  if (version === null) {
    reply.header('Cache-Control', 'no-cache');
    return false;
  }
  const tag = `"${createHash('sha256').update(`${version}\n${request.url}`).digest('base64url').slice(0, 32)}"`;
  reply.header('Cache-Control', `public, max-age=${PORTAL_MAX_AGE}`);
  reply.header('ETag', tag);
  const asked = request.headers['if-none-match'];
  return typeof asked === 'string' && asked.split(',').map((t) => t.trim().replace(/^W\//, '')).includes(tag);
}

export const portalRoutes: ContractPlugin = async (app) => {
  const pub = { config: { public: true } } as const;

  app.get('/portal/home', { schema: { querystring: PortalQuery, response: { 200: PortalHomeAnswer, 304: NotModified } }, ...pub }, async (request, reply) => {
    await takePublicAttempt(app.db, 'portal', request.ip, app.now());
    const { data, version } = await portalHome(app.db, request.query.tenantCode);
    if (cacheHeaders(request, reply, version)) return reply.code(304).serializer(() => '').send(null);
    return ok(data);
  });

  app.get('/portal/records/:form', { schema: { params: PortalFormParams, querystring: PortalListQuery, response: { 200: PortalListAnswer, 304: NotModified } }, ...pub }, async (request, reply) => {
    await takePublicAttempt(app.db, 'portal', request.ip, app.now());
    const { tenantCode, ...q } = request.query;
    const { data, version } = await portalList(app.db, tenantCode, request.params.form, q);
    if (cacheHeaders(request, reply, version)) return reply.code(304).serializer(() => '').send(null);
    return ok(data);
  });

  app.get('/portal/records/:form/:id', { schema: { params: PortalItemParams, querystring: PortalQuery, response: { 200: PortalDetailAnswer, 304: NotModified } }, ...pub }, async (request, reply) => {
    await takePublicAttempt(app.db, 'portal', request.ip, app.now());
    const { data, version } = await portalDetail(app.db, request.query.tenantCode, request.params.form, request.params.id);
    if (cacheHeaders(request, reply, version)) return reply.code(304).serializer(() => '').send(null);
    return ok(data);
  });

  // An image of a published rich-text field (public/portalImages.ts): the bytes with the portal's
  // caching headers; every refusal is the same 404, whatever the file or record.
  app.get('/portal/images/:form/:id/:field/:ref', { schema: { params: PortalImageParams, querystring: PortalQuery, response: { 200: FileAnswer, 304: NotModified } }, ...pub }, async (request, reply) => {
    await takePublicAttempt(app.db, 'portal', request.ip, app.now());
    const { form, id, field, ref } = request.params;
    const image = await portalImage(app.db, request.query.tenantCode, form, id, field, ref);
    if (cacheHeaders(request, reply, image.version)) return reply.code(304).serializer(() => '').send(null);
    const file = await (await fileStoreFor(app.config)).get(image.key);
    if (!file) throw notFound('图片不存在或未发布');
    reply.header('Content-Type', contentTypeOf(image.name));
    reply.header('Content-Length', String(file.size));
    reply.header('Content-Disposition', contentDisposition(image.name, true));
    return reply.send(file.body);
  });

  app.get('/flowable/form/portal/:form', { schema: { params: PortalFormParams, response: { 200: PortalSettingAnswer } } }, async (request) => {
    requirePermission(request.user, designPerm('query'), designPerm('edit'));
    return ok(await portalSettingOf(app.db, request.user.tenantId, request.params.form));
  });

  app.post('/flowable/form/portal/:form', { schema: { params: PortalFormParams, body: PortalSetting, response: { 200: DoneEnvelope } } }, async (request) => {
    requirePermission(request.user, designPerm('edit'));
    const { tenantId, userName } = request.user;
    await withOperation(app.db, request, { title: '门户发布设置', businessType: BUSINESS_TYPE.edit }, async (trx) => {
      await setPortalSetting(trx, tenantId, request.params.form, request.body, userName);
    });
    return done('保存成功');
  });
};
