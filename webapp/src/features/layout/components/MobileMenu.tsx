import { useState, type ReactNode, type Ref } from 'react';
import { MailIcon } from '@/components/icons';
import type { NavEntry } from '../types';
import styles from './Header.module.css';
import { NavList } from './NavList';

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
        <NavList
          items={items}
          open={expanded}
          onOpen={setExpanded}
          idPrefix="m-menu-"
          classes={{ list: styles.drawerList, link: styles.drawerLink, subList: styles.drawerSub, subLink: styles.drawerSubLink }}
          variant="accordion"
        />
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
