import { SafeHtml } from '@/components/SafeHtml';
import type { BlockProps } from '../types';
import { text } from './fields';
import styles from './blocks.module.css';

/** `text_row` (docs/spec.md section 2): a title and sanitised rich text. */
export function TextRow({ block }: BlockProps) {
  const title = text(block.title);
  return (
    <section className={`container section ${styles.textRow}`}>
      {title && <h2>{title}</h2>}
      <SafeHtml html={text(block.text)} className="rich-text" />
    </section>
  );
}
