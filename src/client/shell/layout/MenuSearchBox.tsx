/** The open menu search box (spec 02 §2.4): fuzzy over titles and paths (fuse.js), hits show "A > B". */
import { Select } from 'antd';
import { useMemo, useState } from 'react';
import { useLocation } from 'wouter';
import { createMenuSearch } from '../../controllers/menuSearch';
import { useRouteTable } from '../../controllers/useRouteTable';
import styles from './Navbar.module.css';

/** A search box that jumps to a menu page; `onClose` when it loses focus or after a jump. */
export default function MenuSearchBox({ onClose }: { onClose: () => void }) {
  const { routes } = useRouteTable();
  const search = useMemo(() => createMenuSearch(routes), [routes]);
  const [, navigate] = useLocation();
  const [query, setQuery] = useState('');
  const hits = useMemo(() => search(query), [search, query]);
  const go = (path: string) => {
    setQuery('');
    onClose();
    if (/^https?:\/\//.test(path)) window.open(path, '_blank', 'noopener');
    else navigate(path);
  };
  return (
    <Select
      autoFocus
      showSearch
      defaultOpen
      className={styles.search}
      placeholder="搜索菜单"
      filterOption={false}
      searchValue={query}
      onSearch={setQuery}
      onBlur={onClose}
      onSelect={(path: string) => go(path)}
      notFoundContent={query ? '无匹配菜单' : null}
      options={hits.map((h) => ({ value: h.path, label: h.label }))}
    />
  );
}
