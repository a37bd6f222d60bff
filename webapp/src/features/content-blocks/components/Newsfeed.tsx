import { AppLink } from '@/components/AppLink';
import { Img } from '@/components/Img';
import { SafeHtml } from '@/components/SafeHtml';
import { paths } from '@/config/paths';
import { formatPostDate } from '@/lib/dates';
import { Link } from '@/lib/router';
import type { BlockProps } from '../types';
import { getLatestNews, type NewsItem } from '../api/getNews';
import { useBlockData } from '../hooks/useBlockData';
import { text } from './fields';
import styles from './more.module.css';

const FILTERS = new Set(['news', 'press', 'all']);

/** Which "view all" links a feed shows (docs/spec.md section 2): news, press releases, or both. */
export function newsfeedLinks(filter: string): { to: string; label: string }[] {
  const news = { to: paths.news, label: 'View all news' };
  const press = { to: paths.press, label: 'view all press releases' };
  return filter === 'news' ? [news] : filter === 'press' ? [press] : [news, press];
}

/** `newsfeed`: the latest posts (filter news, press or all; count default 3) with their "view all" links. */
export function Newsfeed({ block }: BlockProps) {
  const raw = text(block.filter).trim().toLowerCase();
  const filter = FILTERS.has(raw) || /^\d+$/.test(raw) ? raw : 'all';
  const count = Math.min(12, Math.max(1, Number(block.count ?? block.per_page) || 3));
  const { data, loading } = useBlockData<NewsItem[]>(`${filter}:${count}`, (signal) => getLatestNews(filter, count, signal), []);
  const title = text(block.title) || 'Latest news';
  return (
    <section className="container section" aria-busy={loading || undefined}>
      <h2>{title}</h2>
      <ul className={styles.news}>
        {loading
          ? Array.from({ length: count }, (_, i) => <li key={i} className={styles.newsSkeleton} aria-hidden="true" />)
          : data.map((item) => (
              <li key={item.id}>
                <article className={styles.newsItem}>
                  {item.image && <Img src={item.image} alt="" width={1600} height={700} className={styles.newsImage} />}
                  {item.date && (
                    <time dateTime={item.date} className={styles.newsDate}>
                      {formatPostDate(item.date)}
                    </time>
                  )}
                  <h3 className={styles.newsTitle}>
                    <AppLink href={item.link}>{item.title}</AppLink>
                  </h3>
                  <SafeHtml html={item.summary} className={styles.newsSummary} />
                </article>
              </li>
            ))}
      </ul>
      <p className={styles.newsLinks}>
        {newsfeedLinks(filter).map((link) => (
          <Link key={link.to} to={link.to} className="button button--ghost">
            {link.label}
          </Link>
        ))}
      </p>
    </section>
  );
}
