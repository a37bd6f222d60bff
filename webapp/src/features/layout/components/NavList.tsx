import { AppLink } from '@/components/AppLink';
import { ChevronDown } from '@/components/icons';
import type { NavEntry } from '../types';

interface Props {
  items: NavEntry[];
  /** The id of the entry whose submenu is open (null: none). */
  open: number | null;
  /** An entry's button was pressed: `id` opens, null closes (a second press closes). */
  onOpen: (id: number | null) => void;
  /** Prefix of the submenu ids, which the buttons' aria-controls point at. */
  idPrefix: string;
  classes: {
    list: string;
    link: string;
    /** The item holding a submenu (marked data-open while open). */
    parent?: string;
    subList: string;
    subLink: string;
  };
  /**
   * The desktop navigation keeps every submenu in the document (CSS shows the open one) and names
   * it by its entry; the mobile accordion renders only the open one.
   */
  variant: 'dropdown' | 'accordion';
}

/**
 * The menu (docs/spec.md section 2 "Header"): an entry without children is a link; one with children is
 * a button (aria-expanded, aria-controls) that opens its list of links.
 */
export function NavList({ items, open, onOpen, idPrefix, classes, variant }: Props) {
  return (
    <ul className={classes.list}>
      {items.map((item) => {
        if (item.children.length === 0) {
          return (
            <li key={item.id}>
              <AppLink href={item.url} className={classes.link}>
                {item.title}
              </AppLink>
            </li>
          );
        }
        const isOpen = open === item.id;
        const subId = `${idPrefix}${item.id}`;
        return (
          <li key={item.id} className={classes.parent} data-open={isOpen || undefined}>
            <button type="button" className={classes.link} aria-expanded={isOpen} aria-controls={subId} onClick={() => onOpen(isOpen ? null : item.id)}>
              {item.title}
              <ChevronDown />
            </button>
            {(variant === 'dropdown' || isOpen) && (
              <ul id={subId} className={classes.subList} aria-label={variant === 'dropdown' ? item.title : undefined}>
                {item.children.map((child) => (
                  <li key={child.id}>
                    <AppLink href={child.url} className={classes.subLink}>
                      {child.title}
                    </AppLink>
                  </li>
                ))}
              </ul>
            )}
          </li>
        );
      })}
    </ul>
  );
}
