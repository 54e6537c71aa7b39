/**
 * What a `/auto/{form}/…` address asks for (spec 01 §2.1, spec 02 §2.3): the list (through a menu),
 * the add page (no menu, `?from=flow`, `/add`, copy as `/add?copyId=`), the edit page (`/{id}`) or
 * the read-only detail page (`/detail{id}`). Pure.
 */

/** The screen a record route shows. */
export type FormRoute =
  | { kind: 'list' }
  | { kind: 'add'; copyId?: string; fromFlow: boolean }
  | { kind: 'edit'; id: string }
  | { kind: 'detail'; id: string }
  | { kind: 'notFound' };

/** Dispatches a record route: `subPath` is what follows `/auto/{form}/`, `query` the search string. */
export function parseFormRoute(subPath: string, query: URLSearchParams, menuId: number | undefined): FormRoute {
  const rest = subPath.replace(/^\/+|\/+$/g, '');
  const copyId = query.get('copyId') ?? undefined;
  const fromFlow = query.get('from') === 'flow';
  if (rest === '') return menuId != null && !fromFlow && !copyId ? { kind: 'list' } : { kind: 'add', copyId, fromFlow };
  if (rest === 'add') return { kind: 'add', copyId, fromFlow };
  const detail = /^detail(\d+)$/.exec(rest);
  if (detail) return { kind: 'detail', id: detail[1] };
  if (/^\d+$/.test(rest)) return { kind: 'edit', id: rest };
  return { kind: 'notFound' };
}

/** The address of each page (used by copy, jumps and after an add). */
export const formPaths = {
  add: (form: string) => `/auto/${form}/add`,
  edit: (form: string, id: string | number) => `/auto/${form}/${id}`,
  detail: (form: string, id: string | number) => `/auto/${form}/detail${id}`,
  copy: (form: string, id: string | number) => `/auto/${form}/add?copyId=${id}`,
};
