import type { FormDefinition } from './types';

/** How the 新增 of a form is entered: its add page, or the 白条入库 stock-in drawer. */
export type AddMode = 'page' | 'stockInDrawer';

/** Form-level screen options a client reads from `feature` (docs/forms.md). */
export interface FormOptions {
  /** `feature.rowDensity: 'compact'`: the list's rows are 28 px high instead of 36 (spec 01 §2.2). */
  compactRows: boolean;
  /** `feature.addMode: 'stockInDrawer'`: 新增 and `/add` open the 白条入库 drawer (spec 01 §2.1). */
  addMode: AddMode;
}

/**
 * The form's screen options, each defaulting when absent or unknown (so an older definition
 * behaves as before). Example: `{feature: {rowDensity: 'compact', addMode: 'stockInDrawer'}}`
 * gives `{compactRows: true, addMode: 'stockInDrawer'}`.
 */
export function formOptions(def: Pick<FormDefinition, 'feature'> | undefined): FormOptions {
  const feature = def?.feature;
  return {
    compactRows: feature?.rowDensity === 'compact',
    addMode: feature?.addMode === 'stockInDrawer' ? 'stockInDrawer' : 'page',
  };
}
