import { useEffect, useRef, useState } from 'react';
import { useLocation } from '@/lib/router';
import type { NavEntry } from '../types';
import styles from './Header.module.css';
import { NavList } from './NavList';

export function DesktopNav({ items }: { items: NavEntry[] }) {
  const [open, setOpen] = useState<number | null>(null);
  const location = useLocation();
  const navRef = useRef<HTMLElement>(null);

  // A new page closes the open submenu.
  const [shownPath, setShownPath] = useState(location.pathname);
  if (shownPath !== location.pathname) {
    setShownPath(location.pathname);
    setOpen(null);
  }
  useEffect(() => {
    const close = (event: MouseEvent | KeyboardEvent) => {
      if (event instanceof KeyboardEvent ? event.key === 'Escape' : !navRef.current?.contains(event.target as Node)) setOpen(null);
    };
    document.addEventListener('click', close);
    document.addEventListener('keydown', close);
    return () => {
      document.removeEventListener('click', close);
      document.removeEventListener('keydown', close);
    };
  }, []);

  return (
    <nav aria-label="Main" className={styles.nav} ref={navRef}>
      <NavList
        items={items}
        open={open}
        onOpen={setOpen}
        idPrefix="menu-"
        classes={{ list: styles.navList, link: styles.navLink, parent: styles.dropdown, subList: styles.dropdownList, subLink: styles.dropdownLink }}
        variant="dropdown"
      />
    </nav>
  );
}
