/**
 * 合计: which number fields the list footer totals and how, written as the same
 * `feature.columnEvalList` entries the JSON box held ({enName, type: sum | average | both}).
 */
import { Select } from 'antd';
import type { ColumnEval } from '../../../../schema-adapters/definition/types';
import type { DraftField } from './draft';

/** The ways to total, in words (validateDefinition allows exactly these). */
export const TOTAL_TYPES: { label: string; value: ColumnEval['type'] }[] = [
  { label: '求和', value: 'sum' },
  { label: '平均值', value: 'average' },
  { label: '求和与平均值', value: 'both' },
];
/** The field types validateDefinition accepts for a total. */
const NUMERIC = ['number', 'rate'];

/** What the editor needs. */
export interface TotalsEditorProps {
  fields: DraftField[];
  value: ColumnEval[] | undefined;
  onChange: (next: ColumnEval[] | undefined) => void;
}

/** The editor: a multi-select of number fields, then the way each is totalled (求和 by default). */
export function TotalsEditor({ fields, value, onChange }: TotalsEditorProps) {
  const entries = value ?? [];
  const numeric = fields.filter((f) => NUMERIC.includes(f.funcType));
  const labelOf = (enName: string) => numeric.find((f) => f.enName === enName)?.label || enName;
  return (
    <div className="fw-totals-editor">
      <Select<string[]>
        mode="multiple"
        aria-label="合计字段"
        style={{ width: '100%' }}
        placeholder={numeric.length ? '选择要合计的数字字段' : '表单中还没有数字字段'}
        options={numeric.map((f) => ({ label: f.label || f.enName, value: f.enName }))}
        value={entries.map((e) => e.enName)}
        onChange={(names) => {
          const next = names.map((n) => entries.find((e) => e.enName === n) ?? { enName: n, type: 'sum' as const });
          onChange(next.length ? next : undefined);
        }}
      />
      {entries.map((e) => (
        <div key={e.enName} className="fw-total-row" style={{ display: 'flex', gap: 8, alignItems: 'center', marginTop: 4 }}>
          <span style={{ flex: 1 }}>{labelOf(e.enName)}</span>
          <Select<ColumnEval['type']>
            aria-label={`${labelOf(e.enName)}合计方式`}
            size="small"
            style={{ width: 140 }}
            options={TOTAL_TYPES}
            value={e.type}
            onChange={(type) => onChange(entries.map((x) => (x === e ? { ...x, type } : x)))}
          />
        </div>
      ))}
    </div>
  );
}
