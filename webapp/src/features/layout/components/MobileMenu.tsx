import { useState, type ReactNode, type Ref } from 'react';
import { AppLink } from '@/components/AppLink';
import { ChevronDown } from '@/components/icons';
import type { NavEntry } from '../types';
import styles from './Header.module.css';

export function MobileMenu({ id, items, footer, ref }: { id: string; items: NavEntry[]; footer?: ReactNode; ref?: Ref<HTMLDivElement> }) {
  const [expanded, setExpanded] = useState<number | null>(null);
  return (
    <div ref={ref} id={id} className={styles.drawer}>
      <nav aria-label="Mobile">
        <ul className={styles.drawerList}>
          {items.map((item) =>
            item.children.length === 0 ? (
              <li key={item.id}>
                <AppLink href={item.url} className={styles.drawerLink}>
                  {item.title}
                </AppLink>
              </li>
            ) : (
              <li key={item.id}>
                <button
                  type="button"
                  className={styles.drawerLink}
                  aria-expanded={expanded === item.id}
                  aria-controls={`m-menu-${item.id}`}
                  onClick={() => setExpanded(expanded === item.id ? null : item.id)}
                >
                  {item.title}
                  <ChevronDown />
                </button>
                {expanded === item.id && (
                  <ul id={`m-menu-${item.id}`} className={styles.drawerSub}>
                    {item.children.map((child) => (
                      <li key={child.id}>
                        <AppLink href={child.url} className={styles.drawerSubLink}>
                          {child.title}
                        </AppLink>
                      </li>
                    ))}
                  </ul>
                )}
              </li>
            ),
          )}
        </ul>
      </nav>
      {footer && <div className={styles.drawerFooter}>{footer}</div>}
    </div>
  );
}
