/** Which files the office converter takes, and which the merge takes without it. */

/** Office and text types LibreOffice turns into PDF (spec 02 §8: doc/docx/xls/xlsx/ppt/pptx, and txt for merge). */
export const OFFICE_TYPES = ['doc', 'docx', 'xls', 'xlsx', 'ppt', 'pptx', 'odt', 'ods', 'odp', 'rtf', 'txt', 'csv'] as const;
/** Types ONLYOFFICE may edit here. */
export const EDITABLE_TYPES = ['docx', 'xlsx', 'pptx', 'doc', 'xls', 'ppt', 'odt', 'ods', 'odp', 'rtf', 'txt', 'csv'] as const;
/** Types merged without the converter. */
export const IMAGE_TYPES = ['png', 'jpg', 'jpeg', 'jfif'] as const;

/** The extension of a name, lower-case, without the dot. */
export function extOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot < 0 ? '' : name.slice(dot + 1).toLowerCase();
}

/** True when the converter is needed to make a PDF of this file. */
export function isOfficeFile(name: string): boolean {
  return (OFFICE_TYPES as readonly string[]).includes(extOf(name));
}

/** True when ONLYOFFICE can edit it. */
export function isEditable(name: string): boolean {
  return (EDITABLE_TYPES as readonly string[]).includes(extOf(name));
}

/** ONLYOFFICE's documentType for an extension. */
export function documentTypeOf(name: string): 'word' | 'cell' | 'slide' {
  const ext = extOf(name);
  if (['xls', 'xlsx', 'ods', 'csv'].includes(ext)) return 'cell';
  if (['ppt', 'pptx', 'odp'].includes(ext)) return 'slide';
  return 'word';
}
