/**
 * relatedForm: a dropdown of another form's records (20 per page, loading more on scroll, statuses
 * -1/0/1, the relate filter) and the 选择关联表单 drawer (1000 px) to pick from a table. Read-only
 * in detail mode, where the label links to the related record's detail page.
 */
import { connect, mapReadPretty, observer, useField } from '@formily/react';
import type { Field } from '@formily/core';
import { useQuery } from '@tanstack/react-query';
import { Button, Space } from 'antd';
import { lazy, Suspense, useEffect, useMemo, useRef, useState } from 'react';
import { queryKeys } from '../api/queryKeys';
import { listRecords, recordsByIds, type RecordRow } from '../api/records';
import { useNavigate } from '../routing/navigation';
import { Link } from '../routing/typography';
import { DeferredSelect as Select } from './deferredSelect';
import { filterObject, filterRefs, keptIds, resolveFilter } from './data/relateFilter';
import { PICKER_STATUSES, usePickerRecords } from './data/usePickerRecords';
import { useRecordFormInfo } from './RecordFormContext';
import { useRecordPicker } from './RecordPickerContext';

// The 选择关联表单 drawer shows after a click: antd's Drawer is not part of the form's first load
// (issue 15, goal 6; ADR 0408).
const Drawer = lazy(() => import('antd/es/drawer'));

interface Props {
  value?: number | number[] | null;
  onChange?: (v: number | number[] | null) => void;
  relateEnName?: string;
  relateField?: string;
  relateFilter?: unknown;
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
    const page = usePickerRecords(info.offline ? undefined : props.relateEnName, { pageNum: 1, pageSize: pageSize * pages, keyword, initFilter: filter });
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
          onChange={(v) => props.onChange?.(v === undefined ? (props.multiple ? [] : null) : (v as number | number[]))}
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
                  props.onChange?.(props.multiple ? [...new Set([...ids, ...chosen])] : chosen[0] ?? null);
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
              initFilter={filter}
              height="calc(100vh - 200px)"
              onSelectionChange={setPicked}
              onPick={(rows) => {
                const chosen = rows.map((r) => Number(r.id));
                props.onChange?.(props.multiple ? [...new Set([...ids, ...chosen])] : chosen[0] ?? null);
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
