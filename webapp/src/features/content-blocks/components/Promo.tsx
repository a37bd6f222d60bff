import { AppLink } from '@/components/AppLink';
import { Img } from '@/components/Img';
import { MAX_PROMOS } from '@/config/site';
import type { Block, BlockProps } from '../types';
import { readImage, readLinkList, text } from './fields';
import styles from './blocks.module.css';

/** One promo tile: caption, text, image; links to the first entry of its link list. */
export function Promo({ block, priority = false }: BlockProps) {
  const caption = text(block.caption);
  const image = readImage(block.image, caption);
  const link = readLinkList(block.link);
  const body = (
    <>
      {image && <Img className={styles.promoImage} src={image.src} alt="" width={image.width} height={image.height} eager={priority} />}
      <span className={styles.promoBody}>
        <span className={styles.promoCaption}>{caption}</span>
        {text(block.text) && <span className={styles.promoText}>{text(block.text)}</span>}
        {link && (
          <span className={styles.promoCta} aria-hidden="true">
            Explore →
          </span>
        )}
      </span>
    </>
  );
  return link ? (
    <AppLink href={link.url} className={styles.promo}>
      {body}
    </AppLink>
  ) : (
    <div className={styles.promo}>{body}</div>
  );
}

/** Up to 4 promo tiles after the page content (docs/spec.md section 2). */
export function PromoTiles({ promos, title }: { promos: Block[] | null | undefined; title?: string }) {
  const tiles = (promos ?? []).slice(0, MAX_PROMOS);
  if (tiles.length === 0) return null;
  return (
    <section className="container section" aria-label={title ?? 'Featured'}>
      <ul className={styles.promos} data-count={tiles.length}>
        {tiles.map((promo, i) => (
          <li key={i}>
            <Promo block={promo} index={i + 1} />
          </li>
        ))}
      </ul>
    </section>
  );
}
