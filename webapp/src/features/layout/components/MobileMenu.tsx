import { useState, type ReactNode, type Ref } from 'react';
import { AppLink } from '@/components/AppLink';
import { ChevronDown, MailIcon } from '@/components/icons';
import type { NavEntry } from '../types';
import styles from './Header.module.css';

interface Props {
  id: string;
  items: NavEntry[];
  footer?: ReactNode;
  /** Shows a Newsletter button (the mobile counterpart of the top bar's) that calls this. */
  onNewsletter?: () => void;
  ref?: Ref<HTMLDivElement>;
}

/** The mobile menu drawer (≤ 980 px): the menu as an accordion, a Newsletter button, then `footer`. */
export function MobileMenu({ id, items, footer, onNewsletter, ref }: Props) {
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
      {onNewsletter && (
        <button type="button" className={styles.drawerNewsletter} aria-haspopup="dialog" onClick={onNewsletter}>
          <MailIcon width={18} height={18} /> Newsletter
        </button>
      )}
      {footer && <div className={styles.drawerFooter}>{footer}</div>}
    </div>
  );
}
