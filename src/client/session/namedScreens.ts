/**
 * The spec's named screens outside the menu (spec 02 §2.3, docs/named-screens.md), each a page of
 * a demo form: /xtgl/apppz/kanban-info (看板通知's list), /allocation (物资调拨's list),
 * /order-manage/form[/detail][/{id}] (the 订单 form: 手工订单, 编辑订单, 查看订单) and
 * /work-order/form[/detail][/{id}] (the 任务 form: 任务详情). Pure.
 */
import { specialTabTitle } from './tabTitle';

/** What a named address shows: a form's list, or its add / edit / detail page (`subPath` as under /auto/{form}/). */
export interface NamedScreen {
  enName: string;
  kind: 'list' | 'form';
  /** For a form page: `add`, `{id}` or `detail{id}`. */
  subPath: string;
  title: string;
}

const LISTS: Record<string, { enName: string; title: string }> = {
  '/xtgl/apppz/kanban-info': { enName: 'kanban_info', title: '查看通知' },
  '/allocation': { enName: 'allocation', title: '物资调拨' },
};

const FORMS: Record<string, { enName: string; title: (id?: string, detail?: string) => string }> = {
  '/order-manage/form': { enName: 'order_manage', title: (id, detail) => specialTabTitle('/order-manage/form', '', { id, detail }) ?? '手工订单' },
  '/work-order/form': { enName: 'work_order', title: () => '任务详情' },
};

/** The named screen at `path`, or undefined (another page, or a malformed id: the 404 page). */
export function namedScreenAt(path: string): NamedScreen | undefined {
  const clean = path.replace(/\/+$/, '') || '/';
  const list = LISTS[clean];
  if (list) return { enName: list.enName, kind: 'list', subPath: '', title: list.title };
  for (const [base, form] of Object.entries(FORMS)) {
    if (clean !== base && !clean.startsWith(`${base}/`)) continue;
    const rest = clean.slice(base.length).replace(/^\//, '');
    // Optional `detail`, then an optional numeric id: '', '12', 'detail/12' (also 'detail12').
    const m = /^(?:(detail)\/?)?(\d+)?$/.exec(rest);
    if (!m) return undefined;
    const [, detail, id] = m;
    if (detail && !id) return undefined;
    const subPath = detail ? `detail${id}` : id ?? 'add';
    return { enName: form.enName, kind: 'form', subPath, title: form.title(id, detail) };
  }
  return undefined;
}
