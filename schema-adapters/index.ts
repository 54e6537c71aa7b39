// The public face of schema-adapters (CONTRACT.md §6) plus the helpers the client and server share.
// Plain data in, plain data out; every function is pure and synchronous.

export { FIELD_TYPES, isFieldType, type FieldType } from './definition/fieldTypes';
export {
  SYS_STATUS,
  type ColumnEval,
  type FieldDefinition,
  type FieldOption,
  type FormButton,
  type FormDefinition,
  type FormFeature,
  type TableElement,
  type UserContext,
} from './definition/types';
export {
  COMPANION_SUFFIXES,
  EN_NAME_PATTERN,
  fieldNameOfKey,
  MAX_TABLE_COLUMNS,
  PG_SYSTEM_COLUMN_NAMES,
  RESERVED_FIELD_NAMES,
  type CompanionSuffix,
} from './definition/names';
export { validateDefinition, type DefinitionProblem } from './definition/validateDefinition';
export { formOptions, type AddMode, type FormOptions } from './definition/formOptions';
export {
  computedVirtualColumns,
  isViewDefinition,
  MAX_VIEW_SOURCES,
  viewShapeProblems,
  viewSourceProblems,
  viewSpecOf,
  virtualColumnProblems,
  virtualColumnValues,
  type ViewProblem,
  type ViewSpec,
  type VirtualColumn,
} from './definition/views';

export { COMPONENT_NAMES, FIELD_TYPE_SPECS, specOf } from './fieldTypes/registry';
export type { CellKind, FieldFamily, FieldTypeSpec, SearchKind, StorageKind, StoragePart } from './fieldTypes/fieldTypeSpec';
export { COLOR_OPTIONS, choiceNumbers, toBoolean, usesConfiguredList } from './fieldTypes/choice';
export { SYS_STATUS_OPTIONS, POSITION_PATTERN } from './fieldTypes/special';
export { NUMBER_STRING } from './fieldTypes/number';
export { ADDRESS_PARTS, addressLevels } from './fieldTypes/reference';
export { FAMILY_LABELS, FIELD_TYPE_LABELS, freeEnName, PALETTE_GROUPS, propertySpecs, starterField, type PaletteGroup, type PropertyEditor, type PropertySpec } from './fieldTypes/palette';
export { allowedInSubForm, isRowList, NOT_IN_SUB_FORM, rowFieldsOf, subFormProblems, type SubFormProblem } from './fieldTypes/subform';
export { DATE_FORMATS, formatDate, toDayjsFormat } from './shared/dateFormat';

export {
  compileCondition,
  type CompiledCondition,
  type ConditionOutcome,
  type ConditionScope,
} from './conditions/compileCondition';
export { parseCondition, fieldsOf } from './conditions/parse';
export { CONTEXT_PLACEHOLDERS, ConditionSyntaxError, type ConditionNode } from './conditions/ast';
export { parseSqlCondition, isSqlCondition, type SqlCondition } from './conditions/sqlCondition';
export { sqlHideConditions } from './conditions/sqlHideConditions';
export { contains, isEmptyValue, len, looseEquals } from './conditions/functions';

export { fieldStates } from './state/fieldStates';
export {
  applyConditions,
  baseState,
  conditionsOf,
  resolveFieldState,
  sqlAnswerHides,
  type FieldConditions,
  type FieldState,
  type FieldStateOptions,
} from './state/fieldState';

export { toFormilySchema, type FormSchema, type SchemaOptions } from './formily/toFormilySchema';
export { bindConditions, type BindableField, type BindOptions } from './formily/bindConditions';
export { CONDITION_REACTION, SQL_HIDE_REACTION, type FormworkFieldExtension } from './formily/formworkExtension';

export { toColumns, rowActionNames } from './columns/toColumns';
export { rowButtonShown } from './columns/rowButtons';
export { CELL_COLORS, cellColor, type ColorRule } from './columns/cellColor';
export { buttonChecks, buttonSteps, customButtons, isCustomButton } from './buttons/customButtons';
export { evaluateValue, resolveButtonValue } from './buttons/evaluateValue';
export { checkEntries, formChecksOf, FORM_CHECK_SCENES, type CheckEntry, type CheckRule, type FormCheckScene } from './buttons/checkRules';
export { fillPlaceholders, safeLink } from './buttons/fillPlaceholders';
export * from './buttons/buttonTypes';
export type { ColumnModel, ColumnOptions } from './columns/columnModel';
export { actionColumnWidth, columnWidth, DEFAULT_COLUMN_WIDTH } from './columns/widths';
export { statusColumnShown } from './columns/statusColumn';
export { totalsRequest } from './columns/totals';

export { coerceFixedDefault, defaultRowValues, defaultValues } from './records/defaultValues';
export { sqlDefaultFields, sqlDefaultText } from './records/sqlDefaults';
export { toSubmitPayload, type SubmitOptions } from './records/toSubmitPayload';
export { validateRecord, type RecordProblem } from './records/validateRecord';
export { fileListProblems } from './records/fileListProblems';
export { FILE_LIST_TYPES, fileEntryOk } from './fieldTypes/media';
export { importColumns } from './records/importColumns';
export { batchEditableFields, batchEditDefinition } from './records/batchEditable';
export { NAMED_RECORDS_MAX, recordNames, recordTitle } from './records/recordTitle';
export { storageColumns, type StorageChildTable, type StorageColumn } from './records/storageColumns';
export { toFormValues } from './records/toFormValues';
export { COMPACT_SYSTEM_KEYS, keysReadOnListRows, viewFromDefinition } from './records/compactRowKeys';
export { isEmpty, readValue } from './records/values';
export { headFilterRefs, relate2CurrentValues, relatedFieldOf, relatePairs, resolveHeadFilter, settingObject, type RelatePair } from './records/relatedValues';

export { formatNumber } from './display/formatNumber';
export {
  cascaderPaths,
  choiceText,
  displayText,
  EMPTY_DISPLAY,
  findOption,
  formatDateValue,
  LIST_SEPARATOR,
  optionPath,
  PATH_SEPARATOR,
} from './display/displayText';
export { htmlToText } from './cells/htmlText';
export { RICH_TEXT_MAX_LENGTH, textToHtml } from './fieldTypes/text';
