import { SafeHtml } from '@/components/SafeHtml';
import type { BlockProps } from '../types';
import { text } from './fields';

/** Raw HTML from the content system, sanitised (a <script> never survives). */
export function HtmlBlock({ block }: BlockProps) {
  return (
    <section className="container section">
      <SafeHtml html={text(block.html)} className="rich-text" />
    </section>
  );
}
