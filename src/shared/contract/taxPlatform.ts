/**
 * The tax-platform calls of spec 02 §7 (`/flowable/form/elephant/*`, issue 31 item 3): their
 * answers. Request bodies are read by the server's own checks, which give spec 02 §5's messages.
 */
import { Type } from 'typebox';
import { DataEnvelope } from './common.js';

const Failure = Type.Object({ fphm: Type.String(), msg: Type.String() });

/**
 * vatInvoiceCollection answers a job (`JobAnswer`, contract/jobs.ts); this is its `result` when
 * ended (done, or cancelled after some pages): invoices added (some as drafts, with what they
 * lack), held ones whose 发票状态 changed, held ones skipped, refused (with why; at most 200 named,
 * the counts complete), pages read, whether the page limit cut it short.
 */
export const CollectionResult = Type.Object({
  added: Type.Integer(), updated: Type.Integer(), skipped: Type.Integer(), drafts: Type.Array(Failure), failed: Type.Array(Failure),
  draftCount: Type.Integer(), failedCount: Type.Integer(), pages: Type.Integer(), truncated: Type.Boolean(), cancelled: Type.Boolean(), msg: Type.String(),
});

/** applyForCertification: how many invoices the platform accepted, how many records got 认证类型 / 税款所属期, records not written (edited meanwhile, …). */
export const CertificationAppliedAnswer = DataEnvelope(Type.Object({
  accepted: Type.Integer(), written: Type.Integer(),
  failed: Type.Array(Type.Object({ id: Type.Integer(), fphm: Type.String(), msg: Type.String() })),
}));

/** getCertificationResults: certified, still processing, refused (record id, number, the platform's message). */
export const CertificationResultsAnswer = DataEnvelope(Type.Object({
  certified: Type.Integer(), processing: Type.Integer(),
  failed: Type.Array(Type.Object({ id: Type.Integer(), fphm: Type.String(), msg: Type.String() })),
}));

/** getInvoiceState: records whose 发票状态 changed, already current, state changes of invoices not held; whether pages remain. */
export const StateCollectionAnswer = DataEnvelope(Type.Object({
  updated: Type.Integer(), unchanged: Type.Integer(), unknown: Type.Integer(), pages: Type.Integer(), truncated: Type.Boolean(),
}));

/** /custom/product/query (同步商品): goods added, edited in place, already current, refused (code, why); whether pages remain. */
export const GoodsSyncAnswer = DataEnvelope(Type.Object({
  added: Type.Integer(), updated: Type.Integer(), unchanged: Type.Integer(),
  failed: Type.Array(Type.Object({ spbm: Type.String(), msg: Type.String() })), pages: Type.Integer(), truncated: Type.Boolean(),
}));

/** The sync's query string: the trading shop's name (spec 02 §7 `jydp`). */
export const GoodsSyncQuery = Type.Object({ jydp: Type.Optional(Type.String({ maxLength: 100 })) });

/** GET /invoices/providerStatus: per provider, null when the tenant can use it, else the Chinese message naming the missing setting. */
export const ProviderStatusAnswer = DataEnvelope(Type.Object({
  taxPlatform: Type.Union([Type.String(), Type.Null()]),
  verify: Type.Union([Type.String(), Type.Null()]),
  ocr: Type.Union([Type.String(), Type.Null()]),
}));
