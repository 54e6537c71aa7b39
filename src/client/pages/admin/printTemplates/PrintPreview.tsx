/** The designer's preview: the server's render of the unsaved body as the print view shows it. */
import { useMemo } from 'react';
import { headerText, printCss, sheetsHtml, type PrintRender } from '../../../../shared/print/printLayout';
import { sanitizePrintHtml } from '../../../print/sanitizePrintHtml';

/** One sheet, scaled to the dialog. */
export function PrintPreview({ render }: { render: PrintRender }) {
  const doc = useMemo(() => {
    const values = { form: render.formTitle, template: render.template.name, printTime: '［打印时间］' };
    const header = headerText(render.template.header, values);
    const footer = headerText(render.template.footer, values);
    const sheets = render.sheets.map((s) => ({ id: s.id, html: sanitizePrintHtml(s.html) }));
    // Only the sheet rules: the preview sits inside the app, whose own printing it must not change.
    const css = printCss(render.template, header, footer, { page: false });
    return { css, html: sheetsHtml(sheets, header, footer, { layout: !!render.template.page }) };
  }, [render]);
  return (
    <div style={{ marginTop: 12, maxHeight: 480, overflow: 'auto' }}>
      <style>{doc.css}</style>
      <div className="fw-print-doc" data-testid="print-preview" style={{ zoom: 0.6 }} dangerouslySetInnerHTML={{ __html: doc.html }} />
    </div>
  );
}
