/** Read calls of a form's records: list, totals, ids, tree flags, suggestions (spec 01 §7). */
import type { ContractPlugin } from '../../http/typeProvider.js';
import { ok } from '../../http/reply.js';
import { DEFAULT_MESSAGES } from '../../../shared/envelope.js';
import { badRequest } from '../../http/HttpError.js';
import { userContext, withReadModel } from '../../records/services/recordContext.js';
import { addVirtualValues, isViewModel, parseViewIds, withVirtualValues } from '../../records/services/viewRows.js';
import { requireFormQuery, requireListAccess } from '../../records/services/formPermissions.js';
import { calcTotals, haveSub, listPage, parseIds, recordsByIds, suggestions } from '../../records/repositories/recordQueries.js';
import { objectBody } from './caller.js';
import { readerOf } from '../../records/services/dataScope.js';
import { pickerHeadFilter } from '../../records/services/pickerHeadFilter.js';
import { HEAD_FILTER, type ListBody } from '../../records/query/listQuery.js';
import type { Static } from 'typebox';
import { CalcdAnswer, FormPath, HaveSubAnswer, RecordPage, RowsAnswer, SuggestionAnswer } from '../../../shared/contract/records.js';

const LIST_MSG = JSON.stringify(DEFAULT_MESSAGES.query);

/** Registers list, totals, ids, tree-flag and suggestion calls. */
export const autoListRoutes: ContractPlugin = async (app) => {
  // The body is checked by the list query parser (its messages are spec text, and a null body is an
  // empty query), so no request schema; the answer is JSON text, which the serialiser passes through.
  app.post('/auto/:form/list', { schema: { params: FormPath, response: { 200: RecordPage } } }, async (request, reply) => {
    const body: ListBody = objectBody(request.body);
    await requireListAccess(app.db, request.user, request.params.form, body);
    body[HEAD_FILTER] = await pickerHeadFilter(app.db, request.user, request.params.form, body);
    const r = await withReadModel(app.db, request.user.tenantId, request.params.form, async (model) => {
      const page = await listPage(app.readDb, model, body, await readerOf(app.db, request.user, request.params.form));
      // Virtual columns (feature.virtualColumns with an expression) get their values here.
      return { ...page, rowsJson: withVirtualValues(model.form.definition, page.rowsJson, userContext(request.user)) };
    });
    // The rows arrive as JSON text from the database; the envelope is written around them.
    // A string is sent as it is (not serialised); the cast tells the type provider so.
    const json = `{"code":200,"msg":${LIST_MSG},"rows":[${r.rowsJson.join(',')}],"total":${r.total},"totalExact":${r.totalExact}}`;
    return reply.type('application/json; charset=utf-8').send(json as unknown as Static<typeof RecordPage>);
  });

  app.post('/auto/:form/getCalcdValue', { schema: { params: FormPath, response: { 200: CalcdAnswer } } }, async (request) => {
    const body: ListBody = objectBody(request.body);
    await requireListAccess(app.db, request.user, request.params.form, body);
    body[HEAD_FILTER] = await pickerHeadFilter(app.db, request.user, request.params.form, body);
    const reader = await readerOf(app.db, request.user, request.params.form);
    return ok(await withReadModel(app.db, request.user.tenantId, request.params.form, (model) => calcTotals(app.readDb, model, body, reader)));
  });

  app.post('/auto/:form/list/ids', { schema: { params: FormPath, response: { 200: RowsAnswer } } }, async (request) => {
    await requireFormQuery(app.db, request.user, request.params.form);
    return ok(await withReadModel(app.db, request.user.tenantId, request.params.form, async (model) => {
      const ids = isViewModel(model) ? parseViewIds(request.body) : parseIds(request.body);
      // The rows as the list gives them, virtual column values included.
      return addVirtualValues(model.form.definition, await recordsByIds(app.db, model, ids, await readerOf(app.db, request.user, request.params.form)), userContext(request.user));
    }));
  });

  app.post('/auto/:form/haveSub', { schema: { params: FormPath, response: { 200: HaveSubAnswer } } }, async (request) => {
    await requireFormQuery(app.db, request.user, request.params.form);
    const ids = parseIds(request.body);
    const reader = await readerOf(app.db, request.user, request.params.form);
    return ok(await withReadModel(app.db, request.user.tenantId, request.params.form, (model) => haveSub(app.db, model, ids, reader)));
  });

  app.post('/auto/search/suggestion', { schema: { response: { 200: SuggestionAnswer } } }, async (request) => {
    const body = objectBody(request.body);
    const { formName, fieldName } = body;
    if (typeof formName !== 'string' || typeof fieldName !== 'string') throw badRequest('formName 和 fieldName 不能为空');
    await requireListAccess(app.db, request.user, formName, body);
    const text = body.text ?? body.keyword ?? body.value ?? body[fieldName] ?? '';
    if (typeof text !== 'string') throw badRequest('联想文本须为文本');
    const limit = body.limit === undefined ? 10 : Number(body.limit);
    if (!Number.isInteger(limit) || limit < 1 || limit > 50) throw badRequest('limit 须在1到50之间');
    const reader = await readerOf(app.db, request.user, formName);
    return ok(await withReadModel(app.db, request.user.tenantId, formName, (model) => suggestions(app.db, model, fieldName, text, body, reader, limit)));
  });
};
