/** Header menu search (spec 02 §2.4): fuzzy over titles and paths, hits show "A > B". */
import { SearchOutlined } from '@ant-design/icons';
import { Select } from 'antd';
import { useMemo, useState } from 'react';
import { useLocation } from 'wouter';
import { createMenuSearch } from '../../controllers/menuSearch';
import { useRouteTable } from '../../controllers/useRouteTable';
import styles from './Navbar.module.css';

/** A search box that jumps to a menu page. */
export function MenuSearch() {
  const { routes } = useRouteTable();
  const search = useMemo(() => createMenuSearch(routes), [routes]);
  const [, navigate] = useLocation();
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState('');
  const hits = useMemo(() => search(query), [search, query]);
  const go = (path: string) => {
    setQuery('');
    setOpen(false);
    if (/^https?:\/\//.test(path)) window.open(path, '_blank', 'noopener');
    else navigate(path);
  };
  if (!open) {
    return <SearchOutlined className={styles.icon} aria-label="菜单搜索" onClick={() => setOpen(true)} />;
  }
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
      onBlur={() => setOpen(false)}
      onSelect={(path: string) => go(path)}
      notFoundContent={query ? '无匹配菜单' : null}
      options={hits.map((h) => ({ value: h.path, label: h.label }))}
    />
  );
}
