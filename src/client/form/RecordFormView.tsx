/** Renders a Formily form of a definition in the page grid (shared by the pages, the drawer and the preview). */
import { Form as FormilyForm } from '@formily/antd-v5';
import type { Form } from '@formily/core';
import type { ISchema } from '@formily/json-schema';
import { setValidateLanguage } from '@formily/core';
import { Spin } from 'antd';
import { SchemaField, useSchemaComponents } from '../fields/registry';
import { RecordFormContext, type RecordFormInfo } from '../fields/RecordFormContext';

// Formily's built-in messages in Chinese (ARCHITECTURE.md, known traps).
setValidateLanguage('zh-CN');

/** The form body. */
export function RecordFormView({ form, schema, info }: { form: Form; schema: ISchema; info: RecordFormInfo }) {
  // Callers without their own gate (drawers, batch edit, preview) show the form once its field
  // components have loaded, all at once.
  const ready = useSchemaComponents(schema);
  if (!ready) return <Spin style={{ display: 'block', margin: 24 }} />;
  return (
    <RecordFormContext.Provider value={info}>
      <FormilyForm form={form} layout="vertical" className="fw-record-form">
        <SchemaField schema={schema} />
      </FormilyForm>
    </RecordFormContext.Provider>
  );
}
