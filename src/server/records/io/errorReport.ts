/** The import's error report: a small `.xlsx` (行号, 列, 值, 问题) put in the file store for download. */
import { newFileKey, sanitizeFileName } from '../../files/fileKeys.js';
import type { FileStore } from '../../files/fileStore.js';
import type { Problem } from './importValues.js';
import { neutralise } from '../../../../schema-adapters/cells/spreadsheetText.js';
import { xlsxWriter } from './tableWriter.js';

/** Writes the report; answers its key and file name. */
export async function writeErrorReport(store: FileStore, tenantId: number, formTitle: string, problems: Problem[]): Promise<{ key: string; name: string }> {
  const name = sanitizeFileName(`${formTitle}_导入错误报告.xlsx`);
  const key = newFileKey(tenantId, name);
  const w = xlsxWriter();
  const stored = store.put(key, w.out);
  await w.sheet('错误报告', ['行号', '列', '值', '问题']);
  for (const p of problems) await w.row([p.row, p.column, neutralise(p.value), p.message]);
  await w.close();
  await stored;
  return { key, name };
}
