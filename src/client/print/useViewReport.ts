/** The print view's data and actions (no antd): the render, 打印 (window.print + history) and the PDF. */
import { useQuery } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { downloadPrintDocx, downloadPrintPdf, renderPrint, reportPrinted } from '../api/print';
import { queryKeys } from '../api/queryKeys';
import { saveBlob } from '../list/io/useJob';
import type { PrintTarget } from './printLinks';

/** Render of `target`, with print and download. */
export function useViewReport(target: PrintTarget) {
  const ref = { ...(target.templateId ? { templateId: target.templateId } : {}), ...(target.templateName ? { templateName: target.templateName } : {}) };
  const render = useQuery({
    queryKey: queryKeys.print.render(target.formName, ref, target.ids),
    queryFn: () => renderPrint(target.formName, ref, target.ids),
    enabled: !!target.formName,
    retry: false,
    staleTime: Infinity,
  });
  const [downloading, setDownloading] = useState(false);
  const data = render.data;
  const print = useCallback(() => {
    if (!data) return;
    // The history counts the print; a failure to record it must not stop the printout.
    void reportPrinted(target.formName, { templateId: data.template.id }, data.sheets.map((s) => s.id)).catch(() => undefined);
    window.print();
  }, [data, target.formName]);
  const download = useCallback(async (kind: 'pdf' | 'docx' = 'pdf') => {
    if (!data) return;
    setDownloading(true);
    try {
      const ids = data.sheets.map((s) => s.id);
      const ref = { templateId: data.template.id };
      const blob = kind === 'pdf' ? await downloadPrintPdf(target.formName, ref, ids) : await downloadPrintDocx(target.formName, ref, ids);
      saveBlob(blob, `${data.formTitle}-${data.template.name}.${kind === 'pdf' ? 'pdf' : ids.length > 1 ? 'zip' : 'docx'}`);
    } catch {
      // http.ts has shown the error.
    } finally {
      setDownloading(false);
    }
  }, [data, target.formName]);
  return { data, loading: render.isLoading, error: render.error as Error | null, print, download, downloading };
}
