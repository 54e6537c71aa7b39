/**
 * `/flowable/form/elephant/*` (spec 02 §7 "Tax invoices", issue 31 item 3): invoice collection
 * (a job, src/server/invoices/invoiceCollectionJob.ts) and certification on the tenant's 发票台账, forwarded to the configured tax platform
 * (per tenant: sys.invoice.taxPlatform.*, else TAX_PLATFORM_*; without it a 400 names the missing
 * setting; `GET /invoices/providerStatus` names it before a call). Permissions: add on the ledger to
 * collect, edit to certify and to collect states (src/server/invoices/taxPlatformService.ts).
 * Also the goods sync `POST /custom/product/query?jydp=` into 普通货品 (add and edit on the goods
 * form, src/server/invoices/goodsSync.ts), the same platform's goods listing.
 */
import type { ContractPlugin } from '../../http/typeProvider.js';
import { ok } from '../../http/reply.js';
import type { SqlConditions } from '../../records/services/sqlHide.js';
import { callerOf, objectBody } from '../auto/caller.js';
import { configuredTaxPlatform } from '../../invoices/taxPlatform.js';
import { providerStatus, tenantProviderEnv } from '../../invoices/providerSettings.js';
import { applyCertification, collectionQuery, collectStates, fetchCertificationResults, stateQuery } from '../../invoices/taxPlatformService.js';
import { checkCollection, INVOICE_COLLECTION_JOB, invoiceCollectionJob, type CollectionParams } from '../../invoices/invoiceCollectionJob.js';
import { jobUser } from '../auto/ioRoutes.js';
import { jobDto } from '../jobs/index.js';
import { JobAnswer } from '../../../shared/contract/jobs.js';
import { syncGoods } from '../../invoices/goodsSync.js';
import { CertificationAppliedAnswer, ProviderStatusAnswer, CertificationResultsAnswer, GoodsSyncAnswer, GoodsSyncQuery, StateCollectionAnswer } from '../../../shared/contract/taxPlatform.js';

/** Registers the tax-platform calls. */
export const elephantRoutes: ContractPlugin = async (app) => {
  // The saves run the ledger's `$sql` hide conditions as a record save does (recordRoutes.ts).
  const conditions: SqlConditions = { database: app.database, options: { maxCost: app.config.sqlConditionMaxCost, timeoutMs: app.config.sqlConditionTimeoutMs } };

  // Any signed-in user: the answer names settings, never their values.
  app.get('/invoices/providerStatus', { schema: { response: { 200: ProviderStatusAnswer } } }, async (request) => {
    return ok(providerStatus(await tenantProviderEnv(app.db, request.user.tenantId)));
  });

  app.jobs.register(INVOICE_COLLECTION_JOB, invoiceCollectionJob(conditions));

  // Collection of a period of any length is a job (ADR 1065): checked here, run page by page,
  // followed at /api/jobs/{id} (progress in pages, cancel, the counts as its result).
  app.post('/flowable/form/elephant/vatInvoiceCollection', { schema: { response: { 200: JobAnswer } } }, async (request) => {
    configuredTaxPlatform(await tenantProviderEnv(app.db, request.user.tenantId));
    const query = collectionQuery(objectBody(request.body));
    const u = request.user;
    const model = await checkCollection(app.db, u);
    const params: CollectionParams = { query, user: { ...jobUser(u), tenantCode: u.tenantCode, tenantName: u.tenantName }, url: request.url, ip: request.ip };
    const job = await app.jobs.enqueue({ tenantId: u.tenantId, userId: u.userId, kind: INVOICE_COLLECTION_JOB, title: `发票采集：${model.form.cnName}`, params: params as unknown as Record<string, unknown> });
    return ok(jobDto(job), '发票采集任务已提交');
  });

  app.post('/flowable/form/elephant/getInvoiceState', { schema: { response: { 200: StateCollectionAnswer } } }, async (request) => {
    const platform = configuredTaxPlatform(await tenantProviderEnv(app.db, request.user.tenantId));
    const query = stateQuery(objectBody(request.body));
    return ok(await collectStates(app.db, callerOf(request), platform, query, conditions));
  });

  app.post('/flowable/form/elephant/applyForCertification', { schema: { response: { 200: CertificationAppliedAnswer } } }, async (request) => {
    const platform = configuredTaxPlatform(await tenantProviderEnv(app.db, request.user.tenantId));
    return ok(await applyCertification(app.db, callerOf(request), platform, objectBody(request.body), conditions));
  });

  app.post('/flowable/form/elephant/getCertificationResults', { schema: { response: { 200: CertificationResultsAnswer } } }, async (request) => {
    const platform = configuredTaxPlatform(await tenantProviderEnv(app.db, request.user.tenantId));
    return ok(await fetchCertificationResults(app.db, callerOf(request), platform, objectBody(request.body), conditions));
  });

  app.post('/custom/product/query', { schema: { querystring: GoodsSyncQuery, response: { 200: GoodsSyncAnswer } } }, async (request) => {
    const platform = configuredTaxPlatform(await tenantProviderEnv(app.db, request.user.tenantId));
    return ok(await syncGoods(app.db, callerOf(request), platform, request.query.jydp, conditions));
  });
};
