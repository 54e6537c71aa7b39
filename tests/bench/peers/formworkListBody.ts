/**
 * The body of every Formwork list request the peer suite sends (`POST /api/auto/{form}/list`),
 * built here alone so that a flag the list answer may need (e.g. a leaner answer shape) is added
 * in one place for every case: the single requests, the response bytes, throughput and the mix.
 */
export interface PeerListQuery {
  /** `searchConList` entries (spec 01 §3.5). */
  filters?: Record<string, unknown>[];
  /** Default: newest first, as the peer's `sort=-create_time`. */
  sort?: { field: string; order: 'asc' | 'desc' };
  pageNum?: number;
  pageSize?: number;
  /** Default true: the peer's `meta=filter_count` is exact, so Formwork's total must be too. */
  exactTotal?: boolean;
}

export function formworkListBody(q: PeerListQuery = {}): Record<string, unknown> {
  return {
    pageNum: q.pageNum ?? 1,
    pageSize: q.pageSize ?? 20,
    sysOrderBy: q.sort ?? { field: 'create_time', order: 'desc' },
    exactTotal: q.exactTotal ?? true,
    // What the client's list page asks for (docs/api-records.md "Row shape"): each value once.
    rowShape: 'compact',
    ...(q.filters?.length ? { searchConList: q.filters } : {}),
  };
}
