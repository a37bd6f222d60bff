import { useId, type ReactNode } from 'react';
import styles from './Dashboard.module.css';

/** One panel of the dashboard: a titled region (its heading names it for assistive technology). */
export function Panel({ title, children }: { title: string; children: ReactNode }) {
  const headingId = useId();
  return (
    <section className={styles.panel} aria-labelledby={headingId}>
      <h2 id={headingId}>{title}</h2>
      {children}
    </section>
  );
}

/**
 * A chart as one image with a text alternative (`label`): the figures it draws are in a table
 * next to it, so the drawing itself is not read out point by point.
 */
export function ChartFrame({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className={styles.chart} role="img" aria-label={label}>
      {children}
    </div>
  );
}

/**
 * A table's own scrolling box (the page never scrolls sideways at 360 px): a named region that takes
 * the keyboard focus, so it can be scrolled without a mouse.
 */
export function TableWrap({ label, children }: { label: string; children: ReactNode }) {
  return (
    // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrolling region must be reachable by keyboard (WCAG 2.1.1)
    <div className={styles.tableWrap} role="region" aria-label={label} tabIndex={0}>
      {children}
    </div>
  );
}

/** Said instead of a table when the range has no rows for it. */
export function Empty({ children }: { children: ReactNode }) {
  return <p className={styles.note}>{children}</p>;
}
