/**
 * The tax-platform calls of 发票台账 and 普通货品 (spec 02 §7 "Tax invoices";
 * src/shared/contract/taxPlatform.ts). A refusal shows the server's message (http.ts).
 */
import type { Static } from 'typebox';
import { get, post } from './http';
import type { ProviderStatusAnswer, CertificationAppliedAnswer, CertificationResultsAnswer, CollectionResult, GoodsSyncAnswer, StateCollectionAnswer } from '../../shared/contract/taxPlatform';
import type { Job, JobAnswer } from '../../shared/contract/jobs';

export type CollectionOutcome = Static<typeof CollectionResult>;
export type StateOutcome = Static<typeof StateCollectionAnswer>['data'];
export type CertificationOutcome = Static<typeof CertificationResultsAnswer>['data'];
export type CertificationApplied = Static<typeof CertificationAppliedAnswer>['data'];
export type GoodsSyncOutcome = Static<typeof GoodsSyncAnswer>['data'];
export type ProviderStatus = Static<typeof ProviderStatusAnswer>['data'];

/** `GET /invoices/providerStatus`: per provider, null when the tenant can use it, else the message naming the missing setting. */
export async function providerStatus(): Promise<ProviderStatus> {
  return (await get<Static<typeof ProviderStatusAnswer>>('/invoices/providerStatus')).data;
}

/** The collection dialog's values: data type, type codes, start and end as yyyyMMddHHmmss. */
export interface CollectionBody {
  sjlx: string;
  fplxdm: string[];
  cjksrq: string;
  cjjsrq: string;
}

/** `POST /flowable/form/elephant/vatInvoiceCollection`: queues the collection of the period's invoices into 发票台账; follow the job at /jobs/{id} (its result: CollectionOutcome). */
export async function collectInvoices(body: CollectionBody): Promise<Job> {
  return (await post<Static<typeof JobAnswer>>('/flowable/form/elephant/vatInvoiceCollection', body)).data;
}

/** `POST /flowable/form/elephant/getInvoiceState`: state changes between two yyyyMMddHHmmss moments. */
export async function collectStates(body: { ztbgksrq: string; ztbgjsrq: string }): Promise<StateOutcome> {
  return (await post<Static<typeof StateCollectionAnswer>>('/flowable/form/elephant/getInvoiceState', body)).data;
}

/** `POST /flowable/form/elephant/applyForCertification`: type, tax period yyyyMM, record ids; the records get 认证类型 / 税款所属期. */
export async function applyCertification(body: { sqrzlx: string; sqskssq: string; ids: (number | string)[] }): Promise<CertificationApplied> {
  return (await post<Static<typeof CertificationAppliedAnswer>>('/flowable/form/elephant/applyForCertification', body)).data;
}

/** `POST /flowable/form/elephant/getCertificationResults`: the records' results, written into 认证状态. */
export async function certificationResults(ids: (number | string)[]): Promise<CertificationOutcome> {
  return (await post<Static<typeof CertificationResultsAnswer>>('/flowable/form/elephant/getCertificationResults', { ids })).data;
}

/** `POST /custom/product/query?jydp=`: the shop's goods into 普通货品. */
export async function syncGoods(shop: string): Promise<GoodsSyncOutcome> {
  return (await post<Static<typeof GoodsSyncAnswer>>(`/custom/product/query?jydp=${encodeURIComponent(shop)}`)).data;
}
