/**
 * relatedForm: a dropdown of another form's records (20 per page, loading more on scroll, statuses
 * -1/0/1, the relate filter) and the 选择关联表单 drawer (1000 px) to pick from a table. Read-only
 * in detail mode, where the label links to the related record's detail page. Picking one record
 * copies its values into the form by `relate2Current`; both lists name the field so the server
 * applies its `relateHeadFilter` (spec 01 §3.2).
 */
import { connect, mapReadPretty, observer, useField } from '@formily/react';
import type { Field } from '@formily/core';
import { useQuery } from '@tanstack/react-query';
import { Button, Select, Space } from 'antd';
import { lazy, Suspense, useEffect, useMemo, useRef, useState } from 'react';
import { queryKeys } from '../api/queryKeys';
import { listRecords, recordsByIds, type RecordRow } from '../api/records';
import { useNavigate } from '../routing/navigation';
import { Link } from '../routing/typography';
import { filterObject, filterRefs, keptIds, resolveFilter } from './data/relateFilter';
import { PICKER_STATUSES, usePickerRecords } from './data/usePickerRecords';
import { useRecordFormInfo } from './RecordFormContext';
import { useRecordPicker } from './RecordPickerContext';
import { headFilterRefs, relate2CurrentValues, relatedFieldOf, settingObject } from '../../../schema-adapters/records/relatedValues';
import type { FormDefinition } from '../../../schema-adapters/definition/types';

// The 选择关联表单 drawer shows after a click: antd's Drawer is not part of the form's first load
// (issue 15, goal 6; ADR 0408).
const Drawer = lazy(() => import('../routing/lazyAntd/Drawer'));

interface Props {
  value?: number | number[] | null;
  onChange?: (v: number | number[] | null) => void;
  relateEnName?: string;
  relateField?: string;
  relateFilter?: unknown;
  relate2Current?: unknown;
  relateHeadFilter?: unknown;
  multiple?: boolean;
  showSearch?: boolean;
  disabled?: boolean;
  placeholder?: string;
  pageSize?: number;
}

const idList = (v: unknown): number[] => (Array.isArray(v) ? v : v == null || v === '' ? [] : [v]).map(Number).filter(Number.isFinite);

/** The label of a related record: its relate field (or `$view` of it), else its id. */
export function relatedLabel(row: RecordRow, relateField: string | undefined): string {
  const v = relateField ? row[`${relateField}$view`] ?? row[relateField] : undefined;
  return v == null || v === '' ? `#${row.id}` : String(v);
}

/** Labels of the current value: the `$view` the record carries, else the records fetched by id. */
function useValueLabels(props: Props): Map<number, string> {
  const field = useField<Field>();
  const ids = idList(props.value);
  const q = useQuery({
    queryKey: queryKeys.recordForm.relatedByIds(props.relateEnName ?? '', ids),
    queryFn: () => recordsByIds(props.relateEnName as string, ids),
    enabled: !!props.relateEnName && ids.length > 0,
    staleTime: 30_000,
  });
  const view = field?.form.getValuesIn(`${String(field.path)}$view`);
  const viewNames = typeof view === 'string' ? view.split(',') : [];
  const m = new Map<number, string>();
  ids.forEach((id, i) => { if (viewNames.length === ids.length) m.set(id, viewNames[i]); });
  for (const r of q.data ?? []) m.set(Number(r.id), relatedLabel(r, props.relateField));
  return m;
}

const RelatedText = observer(function RelatedText(props: Props) {
  const labels = useValueLabels(props);
  const navigate = useNavigate();
  const ids = idList(props.value);
  if (!ids.length) return <span className="fw-empty-text">-</span>;
  return (
    <Space size={8} wrap>
      {ids.map((id) => (
        <Link key={id} onClick={() => navigate(`/auto/${props.relateEnName}/detail${id}`)}>{labels.get(id) ?? `#${id}`}</Link>
      ))}
    </Space>
  );
});

/**
 * Spec 01 §4: when the filter's parameters change and the chosen records no longer match, the
 * selection is cleared — only once the form's data has loaded (edit and flow pages).
 */
function useClearOnFilterChange(props: Props, filterKey: string, filter: Record<string, unknown> | undefined, loaded: boolean): void {
  const last = useRef(filterKey);
  useEffect(() => {
    if (last.current === filterKey) return;
    last.current = filterKey;
    const ids = idList(props.value);
    if (!loaded || !ids.length || !props.relateEnName) return;
    void listRecords(props.relateEnName, { pageNum: 1, pageSize: 1000, 'in$_sys_status': PICKER_STATUSES, initFilter: { ...(filter ?? {}), id: ids } }, { silent: false }).then((res) => {
      const keep = keptIds(ids, res.rows.map((r) => Number(r.id)));
      if (keep.length !== ids.length) props.onChange?.(props.multiple ? keep : null);
    }, () => undefined);
    // Runs when the resolved filter changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [filterKey, loaded]);
}

/**
 * The keys a picker's list calls carry: the relateForm scene and source form (the server's
 * permission rule) and, when the field has a header filter, the field's name and the main-form
 * values the filter reads. None outside a record form (a search box has no source form).
 */
export function pickerSource(def: FormDefinition | undefined, formName: string, fieldName: string, headFilter: unknown, valueOf: (name: string) => unknown): Record<string, unknown> | undefined {
  if (!formName) return undefined;
  const own = def ? relatedFieldOf(def, fieldName) : undefined;
  if (!own || !Object.keys(settingObject(headFilter) ?? {}).length) return { scene: 'relateForm', sourceForm: formName };
  const sourceValues = Object.fromEntries(headFilterRefs(headFilter).map((n) => [n, valueOf(n) ?? null]));
  return { scene: 'relateForm', sourceForm: formName, sourceField: fieldName, sourceValues };
}

/** relatedForm. */
export const RelatedFormPicker = connect(
  observer(function RelatedFormPicker(props: Props) {
    const info = useRecordFormInfo();
    const { Picker } = useRecordPicker();
    const pageSize = props.pageSize ?? 20;
    const [keyword, setKeyword] = useState('');
    const [pages, setPages] = useState(1);
    const [drawer, setDrawer] = useState(false);
    // Mounted from the first opening on (kept after, so it animates closed).
    const [drawerUsed, setDrawerUsed] = useState(false);
    const [picked, setPicked] = useState<RecordRow[]>([]);
    const labels = useValueLabels(props);
    const field = useField<Field>();
    const baseFilter = filterObject(props.relateFilter);
    // Reading only the referenced values lets the observer re-render when one of them changes.
    const refValues = Object.fromEntries(filterRefs(baseFilter).map((n) => [n, field?.form.getValuesIn(n)]));
    const filter = resolveFilter(baseFilter, refValues);
    const filterKey = JSON.stringify(filter ?? null);
    const path = String(field?.path ?? '');
    const source = pickerSource(info.def, info.formName, path.split('.').pop() ?? '', props.relateHeadFilter, (n) => field?.form.getValuesIn(n));
    const page = usePickerRecords(info.offline ? undefined : props.relateEnName, { pageNum: 1, pageSize: pageSize * pages, keyword, initFilter: filter, source });
    /** Sets the value; one picked record also carries its relate2Current values into the form. */
    const choose = (value: number | number[] | null, rows: RecordRow[]) => {
      props.onChange?.(value);
      if (props.multiple || value == null || rows.length !== 1 || !info.def || !field) return;
      const values = relate2CurrentValues(info.def, path, rows[0]);
      for (const [at, v] of Object.entries(values)) field.form.setValuesIn(at, v);
    };
    useClearOnFilterChange(props, filterKey, filter, info.loaded && !info.offline);
    useEffect(() => setPages(1), [keyword]);
    const ids = idList(props.value);
    const options = useMemo(() => {
      const seen = new Set<number>();
      const out: { value: number; label: string }[] = [];
      for (const r of page.data?.rows ?? []) { seen.add(Number(r.id)); out.push({ value: Number(r.id), label: relatedLabel(r, props.relateField) }); }
      for (const id of ids) if (!seen.has(id)) out.push({ value: id, label: labels.get(id) ?? `#${id}` });
      return out;
    }, [page.data, ids, labels, props.relateField]);
    const more = (page.data?.total ?? 0) > (page.data?.rows.length ?? 0);
    return (
      <Space.Compact style={{ width: '100%' }}>
        <Select
          style={{ width: '100%' }}
          mode={props.multiple ? 'multiple' : undefined}
          value={props.multiple ? ids : ids[0]}
          options={options}
          disabled={props.disabled}
          placeholder={props.placeholder ?? '请选择'}
          allowClear
          showSearch
          filterOption={false}
          onSearch={(v) => setKeyword(v.trim())}
          loading={page.isFetching}
          onPopupScroll={(e) => {
            const el = e.currentTarget as HTMLElement;
            if (more && !page.isFetching && el.scrollTop + el.clientHeight >= el.scrollHeight - 20) setPages((p) => p + 1);
          }}
          onChange={(v) => {
            if (v === undefined) { props.onChange?.(props.multiple ? [] : null); return; }
            choose(v as number | number[], (page.data?.rows ?? []).filter((r) => Number(r.id) === v));
          }}
        />
        <Button disabled={props.disabled} onClick={() => { setPicked([]); setDrawer(true); setDrawerUsed(true); }}>选择</Button>
        {drawerUsed ? <Suspense fallback={null}><Drawer
          title="选择关联表单"
          width={1000}
          open={drawer}
          onClose={() => setDrawer(false)}
          destroyOnHidden
          extra={
            <Space>
              <Button onClick={() => setDrawer(false)}>取消</Button>
              <Button
                type="primary"
                onClick={() => {
                  const chosen = picked.map((r) => Number(r.id));
                  choose(props.multiple ? [...new Set([...ids, ...chosen])] : chosen[0] ?? null, picked.slice(0, 1));
                  setDrawer(false);
                }}
              >
                确定
              </Button>
            </Space>
          }
        >
          {props.relateEnName ? (
            <Picker
              enName={props.relateEnName}
              mode={props.multiple ? 'multiple' : 'single'}
              sourceForm={info.formName}
              pickerQuery={source?.sourceField ? { sourceField: source.sourceField, sourceValues: source.sourceValues } : undefined}
              initFilter={filter}
              height="calc(100vh - 200px)"
              onSelectionChange={setPicked}
              onPick={(rows) => {
                const chosen = rows.map((r) => Number(r.id));
                choose(props.multiple ? [...new Set([...ids, ...chosen])] : chosen[0] ?? null, rows.slice(0, 1));
                setDrawer(false);
              }}
            />
          ) : null}
        </Drawer></Suspense> : null}
      </Space.Compact>
    );
  }),
  mapReadPretty(RelatedText),
);
