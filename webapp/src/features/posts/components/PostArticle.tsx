import { PageHeading } from '@/components/PageHeading';
import { SafeHtml } from '@/components/SafeHtml';
import { paths } from '@/config/paths';
import { POST_CATEGORY } from '@/config/site';
import { Link } from '@/lib/router';
import type { WpPost } from '@/types/api';
import { PostDate } from './PostDate';
import styles from './posts.module.css';

/**
 * A single post at /{postSlug} (docs/spec.md section 2 "Posts"): date like '5 March, 2023', title,
 * sanitised content, and the way back: 'View all press releases' for press posts (category 22),
 * 'View all news' otherwise (spec "Links").
 */
export function PostArticle({ post }: { post: WpPost }) {
  const press = post.categories?.includes(POST_CATEGORY.press) ?? false;
  return (
    <article className={`container section ${styles.article}`}>
      <PageHeading kicker={<PostDate date={post.date} />} title={<SafeHtml as="span" html={post.title.rendered} />} />
      <SafeHtml html={post.content.rendered} className="rich-text" />
      <p className={styles.back}>
        {press ? <Link to={paths.press}>View all press releases</Link> : <Link to={paths.news}>View all news</Link>}
      </p>
    </article>
  );
}
