/**
 * `/api/common/…` and `/api/ocr/…`: uploads, downloads, deletes, zip and PDF bundles, recognition
 * (spec 02 §3, §5, §7; docs/files.md). Uploads are multipart (no JSON body schema); what the
 * recognition services read is theirs, so it stays open (the ID card's fields, the invoice's
 * `fields` and item lines) inside exact answers where the server builds the rest.
 */
import { Type } from 'typebox';
import { AnyJson, Closed, DataEnvelope, Nullable, OpenObject, Str } from './common.js';

/** At most this many files per zip or merge. */
export const MAX_BUNDLE_FILES = 200;

/** A stored file: key, download url, size, object-store url, original name. */
export const StoredFile = Type.Object(
  { fileName: Type.String(), url: Type.String(), size: Type.Integer(), obsUrl: Type.String(), originalName: Type.String() },
  { additionalProperties: true },
);

/** `POST /api/common/upload`: the envelope, and `url`, `fileName`, `size`, `obsUrl` at the top level too (rich-text editors). */
export const UploadAnswer = Type.Object(
  { code: Type.Literal(200), msg: Type.String(), data: StoredFile, url: Type.String(), fileName: Type.String(), size: Type.Integer(), obsUrl: Type.String() },
  { additionalProperties: true },
);

/** `GET /api/common/download` (`delete` is accepted for old clients and ignored). */
export const DownloadQuery = Closed({
  fileName: Type.String({ minLength: 1, maxLength: 400 }),
  delete: Type.Optional(Type.Boolean()),
  inline: Type.Optional(Type.Boolean()),
  tenantCode: Type.Optional(Type.String({ maxLength: 64 })),
});
/** `POST /api/common/file/delete`. */
export const FileDeleteBody = Closed({ fileName: Type.String({ minLength: 1, maxLength: 1000 }) });

/** Which recognitions the server offers (`idCard`, `invoice`, `business`) and the message shown beside a field when one is off. */
export const RecognitionStatusSchema = Type.Object({ idCard: Type.Boolean(), invoice: Type.Boolean(), business: Type.Boolean(), message: Type.String() });
/** `GET /api/common/recognition/status`: which recognition services are configured. */
export const RecognitionStatusAnswer = DataEnvelope(RecognitionStatusSchema);
/** `POST /api/ocr/idCard/parse`: the service's fields (plus `ethnicity`). */
export const IdCardAnswer = DataEnvelope(OpenObject);
/** The invoice file as the field stores it, with its check status (spec 02 §4: -1 failed with checkError, 1 passed, null unchecked). */
export const InvoiceImage = Type.Object({ url: Type.String(), name: Type.String(), obsUrl: Type.String(), checkStatus: Nullable('integer', { enum: [-1, 1, null] }), checkError: Nullable('string') });
/**
 * What was recognised: the invoice's fields (keyed like the 发票台账 fields; an OCR service's own,
 * so open) and its item lines; `source` says how: qr, pdf (text layer), xml, ofd or ocr.
 */
export const InvoiceResult = Type.Object({ fields: OpenObject, item_list: Type.Array(Type.Unknown()), source: Type.Optional(Type.String()) });
/** `POST /api/ocr/invoice/parse?recordId=`: the ledger record being edited (its own invoice is no duplicate). */
export const InvoiceParseQuery = Type.Object({ recordId: Type.Optional(Type.Integer({ minimum: 1 })) });
/** The stored image, the field's `invoice` value and the recognised `result`. */
export const InvoiceParsed = Type.Object(
  { ...StoredFile.properties, invoice: InvoiceImage, result: InvoiceResult },
  { additionalProperties: true },
);
/** `POST /api/ocr/invoice/parse`: fileName, url, obsUrl, invoice and result, at the top level and in `data`. */
export const InvoiceAnswer = Type.Object(
  {
    code: Type.Literal(200), msg: Type.String(), data: InvoiceParsed,
    fileName: Type.String(), url: Type.String(), obsUrl: Type.String(), invoice: InvoiceImage, result: InvoiceResult,
  },
  { additionalProperties: true },
);
/** `GET /api/common/company/creditInfoQuery?keyword=`. */
export const CompanyQuery = Type.Object({ keyword: Type.Optional(Type.String({ maxLength: 100 })) });
export const CompanyAnswer = DataEnvelope(AnyJson);

const Ref = Str({ min: 1, max: 1000 });
/** `POST /api/common/download/zip`: the files (download urls or keys) and their names in the zip. */
export const ZipBody = Closed({
  fileName: Type.Optional(Str({ max: 200 })),
  files: Type.Array(Closed({ url: Ref, name: Type.Optional(Str({ max: 200 })) }), { minItems: 1, maxItems: MAX_BUNDLE_FILES }),
});
/** `POST /api/common/merge/pdf`: PDFs and images merged into one stored PDF. */
export const MergeBody = Closed({ fileName: Type.Optional(Str({ max: 200 })), urls: Type.Array(Ref, { minItems: 1, maxItems: MAX_BUNDLE_FILES }) });
/** The merged PDF: its url in `msg` (spec 02 §7), the stored file in `data`. */
export const MergeAnswer = Type.Object({ code: Type.Literal(200), msg: Type.String(), data: StoredFile });
