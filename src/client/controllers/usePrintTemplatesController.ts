/** 打印模版 of one form (表单配置): the list, saving, deleting and the preview of an unsaved body. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { getFormByEnName } from '../api/forms';
import { deletePrintDocx, uploadPrintDocx, deletePrintTemplates, listPrintTemplates, previewPrintTemplate, savePrintTemplate, type PrintTemplateInput } from '../api/print';
import { queryKeys } from '../api/queryKeys';
import type { PrintRender } from '../../shared/print/printLayout';

/** A new template's starting values. */
export const NEW_TEMPLATE: Omit<PrintTemplateInput, 'formName'> = {
  name: '', paper: 'A4', orientation: 'portrait', marginTop: 15, marginRight: 15, marginBottom: 15, marginLeft: 15,
  header: '{{$form}}', footer: '打印时间：{{$printTime}}', body: '', layout: null,
};

/** The form's templates and the calls of the screen. */
export function usePrintTemplatesController(formName: string) {
  const client = useQueryClient();
  const form = useQuery({ queryKey: queryKeys.forms.byEnName(formName), queryFn: () => getFormByEnName(formName), enabled: !!formName });
  const list = useQuery({ queryKey: queryKeys.print.templates(formName), queryFn: () => listPrintTemplates(formName), enabled: !!formName });
  const invalidate = () => client.invalidateQueries({ queryKey: queryKeys.print.all });
  const save = useMutation({ mutationFn: savePrintTemplate, onSuccess: invalidate });
  const remove = useMutation({ mutationFn: (ids: number[]) => deletePrintTemplates(ids), onSuccess: invalidate });
  const docx = useMutation({
    mutationFn: ({ id, file }: { id: number; file: File | null }) => (file ? uploadPrintDocx(id, file) : deletePrintDocx(id)),
    onSuccess: invalidate,
  });
  const [preview, setPreview] = useState<PrintRender | null>(null);
  const previewCall = useMutation({ mutationFn: (t: PrintTemplateInput) => previewPrintTemplate(t), onSuccess: setPreview });
  return {
    definition: form.data?.data,
    rows: list.data ?? [],
    loading: list.isFetching,
    save: save.mutateAsync,
    saving: save.isPending,
    remove: remove.mutateAsync,
    preview,
    previewing: previewCall.isPending,
    runPreview: (t: PrintTemplateInput) => previewCall.mutateAsync(t).catch(() => undefined),
    /** The layout designer's preview, with a chosen record (or stand-in values without one). */
    previewWith: (t: PrintTemplateInput, recordId?: number) => previewPrintTemplate(t, recordId).catch(() => undefined),
    clearPreview: () => setPreview(null),
    /** Uploads (or, with null, removes) a template's Word document. */
    setDocx: (id: number, file: File | null) => docx.mutateAsync({ id, file }),
  };
}
