import type { ReactNode } from 'react';
import { Img } from '@/components/Img';
import { PageHeading } from '@/components/PageHeading';
import { SafeHtml } from '@/components/SafeHtml';
import { paths } from '@/config/paths';
import { sanitizeHtml } from '@/lib/sanitize';
import { Link } from '@/lib/router';
import type { WpPost } from '@/types/api';
import { PostDate } from './PostDate';
import styles from './posts.module.css';

/** The plain text of rendered HTML (for link names). */
function plain(html: string): string {
  const div = document.createElement('div');
  div.innerHTML = sanitizeHtml(html);
  return (div.textContent ?? '').trim();
}

/**
 * /news and /press (docs/spec.md section 2): the category's posts, newest first, each with its date,
 * title linking to /{postSlug} and excerpt (sanitised HTML).
 */
export function PostList({ title, lead, posts }: { title: string; lead?: ReactNode; posts: WpPost[] }) {
  return (
    <div className="container section">
      <PageHeading title={title}>{lead}</PageHeading>
      {posts.length === 0 ? (
        <p className="muted">Nothing here yet. Check back soon.</p>
      ) : (
        <ul className={styles.list} aria-label={title}>
          {posts.map((post) => {
            const image = typeof post.featured_image === 'string' && post.featured_image ? post.featured_image : null;
            return (
              <li key={post.id}>
                <article className={styles.card} aria-labelledby={`post-${post.id}`}>
                  {image && (
                    <Link to={paths.post(post.slug)} className={styles.media} tabIndex={-1} aria-hidden="true">
                      <Img src={image} alt="" width={1600} height={700} />
                    </Link>
                  )}
                  <div className={styles.body}>
                    <PostDate date={post.date} className={styles.date} />
                    <h2 id={`post-${post.id}`} className={styles.title}>
                      <Link to={paths.post(post.slug)}>
                        <SafeHtml as="span" html={post.title.rendered} />
                      </Link>
                    </h2>
                    <SafeHtml html={post.excerpt.rendered} className={`rich-text ${styles.excerpt}`} />
                    <Link to={paths.post(post.slug)} className={styles.more} aria-label={`Read more: ${plain(post.title.rendered)}`}>
                      Read more
                    </Link>
                  </div>
                </article>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
