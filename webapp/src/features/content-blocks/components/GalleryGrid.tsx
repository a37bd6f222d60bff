import { AppLink } from '@/components/AppLink';
import { Img } from '@/components/Img';
import type { BlockProps } from '../types';
import { readImage, readLink, readList, text } from './fields';
import styles from './more.module.css';

/** `gallery_grid` (docs/spec.md section 2): image tiles with a title, each optionally linked. */
export function GalleryGrid({ block }: BlockProps) {
  const items = readList(block.items).flatMap((item) => {
    const title = text(item.title);
    const image = readImage(item.image, title);
    return image || title ? [{ title, image, link: readLink(item.link) }] : [];
  });
  if (items.length === 0) return null;
  const title = text(block.title);
  return (
    <section className="container section" aria-label={title ? undefined : 'Gallery'}>
      {title && <h2>{title}</h2>}
      <ul className={styles.grid} data-count={Math.min(items.length, 4)}>
        {items.map((item, i) => {
          const body = (
            <>
              {item.image && <Img src={item.image.src} alt="" width={item.image.width ?? 800} height={item.image.height ?? 800} />}
              {item.title && <span className={styles.gridTitle}>{item.title}</span>}
            </>
          );
          return (
            <li key={i}>
              {item.link ? (
                <AppLink href={item.link.url} className={styles.gridTile}>
                  {body}
                </AppLink>
              ) : (
                <div className={styles.gridTile}>{body}</div>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
