/** `/api/jobs/{id}` and the calls that start jobs (export, import): a background job's status (docs/api-records.md). */
import { Type, type Static } from 'typebox';
import { DataEnvelope, Nullable, StrEnum } from './common.js';

/** `{id}` of a job (a uuid; anything else is 404 任务不存在). */
export const JobParams = Type.Object({ id: Type.String({ maxLength: 64 }) });

/** A problem of an import: spreadsheet row, column label, the cell, the message. */
export const ImportProblemSchema = Type.Object({ row: Type.Integer(), column: Type.String(), value: Type.String(), message: Type.String() });
export type ImportProblem = Static<typeof ImportProblemSchema>;

/** What a finished job leaves; the known keys of exports, imports and batch edits, other keys pass through. */
export const JobResultSchema = Type.Object(
  {
    fileKey: Type.Optional(Type.String()),
    fileName: Type.Optional(Type.String()),
    msg: Type.Optional(Type.String()),
    rows: Type.Optional(Type.Integer()),
    success: Type.Optional(Type.Boolean()),
    imported: Type.Optional(Type.Integer()),
    total: Type.Optional(Type.Integer()),
    columns: Type.Optional(Type.Array(Type.String())),
    preview: Type.Optional(Type.Array(Type.Array(Type.String()))),
    problemCount: Type.Optional(Type.Integer()),
    problems: Type.Optional(Type.Array(ImportProblemSchema)),
    errorReportUrl: Type.Optional(Type.String()),
    errorReportName: Type.Optional(Type.String()),
    /** A batch edit job: the records changed; an import by key: the rows that update a record. */
    updated: Type.Optional(Type.Integer()),
    /** A batch edit job of a search: the records left alone (voided, in approval). */
    skipped: Type.Optional(Type.Integer()),
    /** An import by key (issue 27 item 2): its mode, the key column's label, the rows added and the keys that match nothing. */
    mode: Type.Optional(Type.String()),
    key: Type.Optional(Type.String()),
    added: Type.Optional(Type.Integer()),
    unmatched: Type.Optional(Type.Array(Type.String())),
    /** A failed job's field errors (a batch edit's refused records: `{id}` or `{id}.{field}`). */
    errors: Type.Optional(Type.Array(Type.Object({ field: Type.String(), message: Type.String(), label: Type.Optional(Type.String()) }))),
  },
  { additionalProperties: true },
);

/** A job as `GET /api/jobs/{id}` answers it. */
export const JobSchema = Type.Object({
  jobId: Type.String(),
  kind: Type.String(),
  title: Type.String(),
  status: StrEnum(['queued', 'running', 'done', 'failed', 'cancelled', 'expired'] as const),
  phase: Type.String(),
  done: Type.Integer(),
  total: Nullable('integer'),
  percent: Type.Integer(),
  result: Type.Union([JobResultSchema, Type.Null()]),
  downloadUrl: Nullable('string'),
  error: Nullable('string'),
  createTime: Type.String({ format: 'date-time' }),
  finishTime: Nullable('string', { format: 'date-time' }),
  expiresAt: Nullable('string', { format: 'date-time' }),
});
export type Job = Static<typeof JobSchema>;
export const JobAnswer = DataEnvelope(JobSchema);
