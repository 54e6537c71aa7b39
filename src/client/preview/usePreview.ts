/**
 * The preview's controller (no antd): the chosen or pasted definition, its validation problems,
 * the Formily schema of the chosen mode, the live form (previewForm.ts, shared with the designer's
 * preview) and the list columns with sample rows. Everything runs in the browser.
 */
import { useMemo, useState } from 'react';
import { toColumns } from '../../../schema-adapters/columns/toColumns';
import { validateDefinition } from '../../../schema-adapters/definition/validateDefinition';
import type { FormDefinition } from '../../../schema-adapters/definition/types';
import { toFormilySchema } from '../../../schema-adapters/formily/toFormilySchema';
import { usePreviewForm, usePreviewModes, safely } from './previewForm';
import { PREVIEW_FIXTURES } from './previewFixtures';
import { sampleRows } from './sampleRows';

/** Parses pasted text: the definition, or the JSON error as a problem. */
export function parseDefinition(text: string): { def: FormDefinition | null; problems: { path: string; message: string }[] } {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (err) {
    return { def: null, problems: [{ path: '', message: `JSON 格式错误：${(err as Error).message}` }] };
  }
  const problems = validateDefinition(json);
  return { def: json as FormDefinition, problems };
}

/** The controller. */
export function usePreview() {
  const [text, setText] = useState(() => JSON.stringify(PREVIEW_FIXTURES[0]?.def ?? {}, null, 2));
  const [fixture, setFixture] = useState(PREVIEW_FIXTURES[0]?.name ?? '');
  const modes = usePreviewModes();
  const { mode, visibleMap } = modes;
  const parsed = useMemo(() => parseDefinition(text), [text]);
  const def = parsed.def && Array.isArray(parsed.def.fields) ? parsed.def : null;
  // Only a valid definition is rendered: the adapter's projections assume one.
  const usable = !!def && parsed.problems.length === 0;
  const rawSchema = useMemo(() => (usable && def ? safely(() => toFormilySchema(def, { mode, visibleMap: mode === 'flow' ? visibleMap : undefined })) : null), [usable, def, mode, visibleMap]);
  const rows = useMemo(() => (usable && def ? sampleRows(def) : []), [usable, def]);
  // The live form: the same as the designer's preview (LivePreview.tsx).
  const built = usePreviewForm(usable ? def : null, modes);
  const columns = useMemo(() => (usable && def ? safely(() => toColumns(def)) ?? [] : []), [usable, def]);
  return {
    fixtures: PREVIEW_FIXTURES,
    fixture,
    chooseFixture: (name: string) => {
      const found = PREVIEW_FIXTURES.find((f) => f.name === name);
      if (!found) return;
      setFixture(name);
      setText(JSON.stringify(found.def, null, 2));
    },
    text,
    setText: (t: string) => { setFixture(''); setText(t); },
    problems: parsed.problems,
    def: usable ? def : null,
    modes,
    rawSchema,
    built,
    columns,
    rows,
  };
}
