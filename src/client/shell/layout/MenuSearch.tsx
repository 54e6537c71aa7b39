/** Header menu search (spec 02 §2.4): the icon; the box (Select + fuse.js) loads on the first click. */
import { SearchOutlined } from '@ant-design/icons';
import { lazy, Suspense, useState } from 'react';
import styles from './Navbar.module.css';

// fuse.js and the search Select stay out of every signed-in page's first load (issue 15, goal 6).
const MenuSearchBox = lazy(() => import('./MenuSearchBox'));

/** A search icon that opens a search box jumping to a menu page. */
export function MenuSearch() {
  const [open, setOpen] = useState(false);
  const icon = <SearchOutlined className={styles.icon} aria-label="菜单搜索" onClick={() => setOpen(true)} />;
  if (!open) return icon;
  return (
    <Suspense fallback={icon}>
      <MenuSearchBox onClose={() => setOpen(false)} />
    </Suspense>
  );
}
