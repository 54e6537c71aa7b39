/**
 * /view-report (spec 02 §2.1): the paginated print view, without the app's chrome, opened in a new
 * tab. Each record is a sheet of the template's paper with its header, footer and page number;
 * 打印 prints through the browser (the @page rules give paper, margins, header, footer and
 * 第 N 页 / 共 M 页) and 下载PDF fetches the same document printed by the server.
 */
import { Alert, Button, Space, Spin } from 'antd';
import { useEffect, useMemo } from 'react';
import { headerText, printCss, sheetsHtml } from '../../shared/print/printLayout';
import { formatDateTime } from '../session/formatDateTime';
import '../session/dayjsLocale';
import { specialTabTitle } from '../session/tabTitle';
import { useQueryParams } from '../routing/navigation';
import { parseViewReportQuery, PRINT_LINK_NO_ID } from './printLinks';
import { sanitizePrintHtml } from './sanitizePrintHtml';
import { useViewReport } from './useViewReport';

/** The print view page. */
export default function ViewReportPage() {
  const params = useQueryParams();
  const target = useMemo(() => parseViewReportQuery(params), [params]);
  const report = useViewReport(target);
  const data = report.data;
  const doc = useMemo(() => {
    if (!data) return null;
    const values = { form: data.formTitle, template: data.template.name, printTime: formatDateTime(new Date().toISOString()) };
    const header = headerText(data.template.header, values);
    const footer = headerText(data.template.footer, values);
    const sheets = data.sheets.map((s) => ({ id: s.id, html: sanitizePrintHtml(s.html) }));
    return { css: printCss(data.template, header, footer), html: sheetsHtml(sheets, header, footer, { layout: !!data.template.page }) };
  }, [data]);
  useEffect(() => {
    // Spec 02 §2.4: a /view-report page is titled 查看{title}报表.
    if (data) document.title = specialTabTitle('/view-report', data.formTitle) ?? data.formTitle;
  }, [data]);

  if (!target.ids.length) return <Alert type="error" showIcon message={PRINT_LINK_NO_ID} style={{ margin: 24 }} />;
  if (report.error) return <Alert type="error" showIcon message={report.error.message} style={{ margin: 24 }} />;
  if (!doc || !data) return <Spin style={{ display: 'block', margin: 48 }} />;
  return (
    <div>
      <style>{doc.css}</style>
      <div className="fw-screen-only" style={{ position: 'sticky', top: 0, zIndex: 10, background: '#fff', borderBottom: '1px solid #eee', padding: '8px 16px' }}>
        <Space>
          <strong>{data.formTitle} · {data.template.name}</strong>
          <span>共 {data.sheets.length} 页</span>
          <Button type="primary" onClick={report.print}>打印</Button>
          <Button loading={report.downloading} onClick={() => void report.download('pdf')}>下载PDF</Button>
          {data.template.hasDocx ? <Button loading={report.downloading} onClick={() => void report.download('docx')}>下载Word</Button> : null}
        </Space>
      </div>
      <div className="fw-print-doc" data-testid="print-doc" dangerouslySetInnerHTML={{ __html: doc.html }} />
    </div>
  );
}
