import { SafeHtml } from '@/components/SafeHtml';
import type { BlockProps } from '../types';
import { readList, text } from './fields';
import styles from './more.module.css';

/** `faq` (docs/spec.md section 2): questions that open to their (sanitised) answers. */
export function Faq({ block }: BlockProps) {
  const items = readList(block.items).filter((item) => text(item.question));
  if (items.length === 0) return null;
  const title = text(block.title) || 'Frequently asked questions';
  return (
    <section className="container section">
      <h2>{title}</h2>
      <div className={styles.faq}>
        {items.map((item, i) => (
          <details key={i} className={styles.faqItem}>
            <summary>{text(item.question)}</summary>
            <SafeHtml html={text(item.answer)} className={`rich-text ${styles.faqAnswer}`} />
          </details>
        ))}
      </div>
    </section>
  );
}
