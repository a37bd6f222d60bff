import { SafeHtml } from '@/components/SafeHtml';
import type { BlockProps } from '../types';
import { readList, text } from './fields';
import styles from './blocks.module.css';

/** `info_box` (docs/spec.md section 2): a row of items, each a title and sanitised text. */
export function InfoBox({ block }: BlockProps) {
  const items = readList(block.items);
  if (items.length === 0) return null;
  const title = text(block.title);
  return (
    <section className="container section" aria-label={title || undefined}>
      {title && <h2>{title}</h2>}
      <ul className={styles.infoBox}>
        {items.map((item, i) => (
          <li key={i} className={styles.infoItem}>
            <h3>{text(item.title)}</h3>
            <SafeHtml html={text(item.text)} className={styles.infoText} />
          </li>
        ))}
      </ul>
    </section>
  );
}
