import { AppLink } from '@/components/AppLink';
import { Carousel, CAROUSEL } from '@/components/carousel';
import { Img } from '@/components/Img';
import { SafeHtml } from '@/components/SafeHtml';
import type { BlockProps } from '../types';
import { videoId } from '../model/video';
import { chunk, readImage, readList, safeHref, text } from './fields';
import { VideoEmbed } from './VideoEmbed';
import styles from './more.module.css';

/** docs/spec.md section 2: 6 review tiles per slide. */
export const REVIEWS_PER_SLIDE = 6;

const LANG = /^[a-z]{2,3}(-[a-z0-9]{2,8})*$/i;

function ReviewTile({ item }: { item: Record<string, unknown> }) {
  const publisher = text(item.publisher);
  const award = readImage(item.award_image, publisher ? `${publisher} award` : 'Award');
  const id = videoId(item.video);
  const url = safeHref(item.url);
  const lang = LANG.test(text(item.language)) ? text(item.language) : undefined;
  return (
    <article className={styles.review}>
      {id && <VideoEmbed id={id} title={publisher ? `${publisher} review` : 'Review'} className={styles.reviewVideo} />}
      {award && <Img className={styles.award} src={award.src} alt={award.alt} width={award.width ?? 400} height={award.height ?? 400} />}
      <blockquote className={styles.quote} lang={lang}>
        <SafeHtml html={text(item.description)} />
      </blockquote>
      {publisher && <p className={styles.publisher}>{publisher}</p>}
      {url && (
        <AppLink href={url} className={styles.reviewLink}>
          Read the review{publisher && ' '}
          {publisher && <span className="visually-hidden">by {publisher}</span>}
        </AppLink>
      )}
    </article>
  );
}

/**
 * `reviews` (docs/spec.md section 2): items with video, award_image, publisher,
 * description, language and url, 6 tiles per slide in a carousel.
 */
export function Reviews({ block }: BlockProps) {
  const items = readList(block.items).filter((item) => text(item.description) || text(item.publisher));
  if (items.length === 0) return null;
  const title = text(block.title) || 'Reviews';
  return (
    <section className="container section">
      <h2>{title}</h2>
      <Carousel label={title} autoplay={CAROUSEL.autoplayMs}>
        {chunk(items, REVIEWS_PER_SLIDE).map((page, i) => (
          <ul key={i} className={styles.reviewGrid}>
            {page.map((item, j) => (
              <li key={j}>
                <ReviewTile item={item} />
              </li>
            ))}
          </ul>
        ))}
      </Carousel>
    </section>
  );
}
