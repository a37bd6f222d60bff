import { AppLink } from '@/components/AppLink';
import { Carousel, CAROUSEL } from '@/components/carousel';
import type { BlockProps } from '../types';
import { readLink, text } from './fields';
import styles from './more.module.css';

/** Items as strings or `{text, link}`. */
export function readTickerItems(value: unknown): { text: string; url: string | null }[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((item) => {
    const entry: Record<string, unknown> = typeof item === 'object' && item !== null ? (item as Record<string, unknown>) : { text: item };
    const label = text(entry.text ?? entry.title).trim();
    return label ? [{ text: label, url: readLink(entry.link)?.url ?? null }] : [];
  });
}

/** `ticker`: short messages, one at a time, every 10000 ms (docs/spec.md section 9). */
export function Ticker({ block }: BlockProps) {
  const items = readTickerItems(block.items);
  if (items.length === 0) return null;
  const label = text(block.title) || 'Announcements';
  return (
    <div className={styles.ticker}>
      <div className="container">
        <Carousel label={label} autoplay={CAROUSEL.slowAutoplayMs} dots={false} className={styles.tickerCarousel}>
          {items.map((item, i) => (
            <p key={i} className={styles.tickerItem}>
              {item.url ? <AppLink href={item.url}>{item.text}</AppLink> : item.text}
            </p>
          ))}
        </Carousel>
      </div>
    </div>
  );
}
