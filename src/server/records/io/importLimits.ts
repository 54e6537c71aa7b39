/**
 * The limits every uploaded table meets before and while it is read (issue 26 item 3): an 8 MB
 * `.xlsx` can inflate to gigabytes, so sizes declared in the zip's central directory are checked
 * at upload, the bytes actually inflated are counted while reading, and rows, columns and cell
 * lengths are bounded as rows come. Each breach is a 400 with the Chinese message below
 * (docs/security.md lists them). Memory is bounded twice: files over SMALL_FILE_BYTES are read in
 * a worker thread with a bounded heap (ioWorker.ts); smaller ones are read on the API's thread
 * only after their whole inflated content was verified to stay under SMALL_INFLATED_BYTES.
 */

const MB = 1024 * 1024;

export const IMPORT_LIMITS = {
  /** Parts (files) inside one `.xlsx`. */
  entries: 1000,
  /** One worksheet part, inflated. */
  sheetBytes: 1024 * MB,
  /** The shared-strings part, inflated (exceljs keeps every shared string in memory). */
  sharedStringsBytes: 64 * MB,
  /** Any other part (styles, workbook, relationships, themes, drawings), inflated. */
  otherPartBytes: 16 * MB,
  /** All parts together, inflated. */
  totalBytes: 2048 * MB,
  /** Inflated : compressed of one part larger than ratioFloorBytes. */
  ratio: 200,
  ratioFloorBytes: 1 * MB,
  /** Rows of one sheet (Excel's own limit). */
  rows: 1_048_576,
  /** Columns of one row. */
  columns: 1000,
  /** Characters of one cell (Excel's own limit). */
  cellChars: 32_767,
  /** A legacy `.xls` is read whole by SheetJS: its file size. */
  xlsBytes: 32 * MB,
  /** Files up to this size may be read on the API's thread ... */
  smallFileBytes: 1 * MB,
  /** ... when everything in them inflates to no more than this. */
  smallInflatedBytes: 16 * MB,
} as const;

const mb = (n: number) => `${Math.round(n / MB)}MB`;

/** The Chinese messages of the limits (docs/security.md). */
export const LIMIT_MESSAGES = {
  notZip: '文件无法读取：不是有效的 xlsx 文件，请使用导入模板',
  entries: `文件内部部件过多（最多 ${IMPORT_LIMITS.entries} 个），无法导入`,
  sheetBytes: `工作表解压后超过 ${mb(IMPORT_LIMITS.sheetBytes)}，无法导入，请拆分文件`,
  sharedStringsBytes: `文件中的文字解压后超过 ${mb(IMPORT_LIMITS.sharedStringsBytes)}，无法导入，请拆分文件`,
  otherPartBytes: `文件中的样式或其他部件解压后超过 ${mb(IMPORT_LIMITS.otherPartBytes)}，无法导入`,
  totalBytes: `文件解压后超过 ${mb(IMPORT_LIMITS.totalBytes)}，无法导入，请拆分文件`,
  ratio: `文件压缩比异常（超过 ${IMPORT_LIMITS.ratio} 倍），无法导入`,
  inflated: '文件解压后的大小与文件记录的不符，无法导入',
  rows: `工作表行数超过 ${IMPORT_LIMITS.rows} 行，无法导入，请拆分文件`,
  columns: `文件列数超过 ${IMPORT_LIMITS.columns} 列，无法导入`,
  cellChars: (row: number) => `第 ${row} 行有单元格超过 ${IMPORT_LIMITS.cellChars} 个字符，无法导入`,
  xlsBytes: `xls 文件不能超过 ${mb(IMPORT_LIMITS.xlsBytes)}，请另存为 xlsx 后导入`,
  memory: '文件内容过多，读取时超出内存上限，无法导入，请拆分文件',
} as const;
