import type { ReactNode } from 'react';
import styles from './Support.module.css';

/**
 * A wide table's own scrolling box (the page never scrolls sideways at 375 px): a named region
 * that takes the keyboard focus, so it can be scrolled without a mouse.
 */
export function TableWrap({ label, children }: { label: string; children: ReactNode }) {
  return (
    // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrolling region must be reachable by keyboard (WCAG 2.1.1)
    <div className={styles.tableWrap} role="region" aria-label={label} tabIndex={0}>
      {children}
    </div>
  );
}
