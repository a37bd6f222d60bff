import { useEffect, useRef, useState } from 'react';
import { AppLink } from '@/components/AppLink';
import { ChevronDown } from '@/components/icons';
import { useLocation } from '@/lib/router';
import type { NavEntry } from '../types';
import styles from './Header.module.css';

export function DesktopNav({ items }: { items: NavEntry[] }) {
  const [open, setOpen] = useState<number | null>(null);
  const location = useLocation();
  const navRef = useRef<HTMLElement>(null);

  useEffect(() => setOpen(null), [location.pathname]);
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
      <ul className={styles.navList}>
        {items.map((item) =>
          item.children.length === 0 ? (
            <li key={item.id}>
              <AppLink href={item.url} className={styles.navLink}>
                {item.title}
              </AppLink>
            </li>
          ) : (
            <li key={item.id} className={styles.dropdown} data-open={open === item.id || undefined}>
              <button
                type="button"
                className={styles.navLink}
                aria-expanded={open === item.id}
                aria-controls={`menu-${item.id}`}
                onClick={() => setOpen(open === item.id ? null : item.id)}
              >
                {item.title}
                <ChevronDown />
              </button>
              <ul id={`menu-${item.id}`} className={styles.dropdownList} aria-label={item.title}>
                {item.children.map((child) => (
                  <li key={child.id}>
                    <AppLink href={child.url} className={styles.dropdownLink}>
                      {child.title}
                    </AppLink>
                  </li>
                ))}
              </ul>
            </li>
          ),
        )}
      </ul>
    </nav>
  );
}
