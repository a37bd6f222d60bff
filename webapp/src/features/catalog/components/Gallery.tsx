import { useEffect, useState } from 'react';
import { Img } from '@/components/Img';
import type { WpImage } from '@/types/api';
import styles from './catalog.module.css';

/** Main image plus thumbnails (a scrolling strip on small screens). */
export function Gallery({ images, name }: { images: WpImage[]; name: string }) {
  const [index, setIndex] = useState(0);
  const key = images.map((i) => i.src).join('|');
  useEffect(() => setIndex(0), [key]);
  if (images.length === 0) return <div className={`${styles.galleryMain} ${styles.noImage}`} aria-hidden="true" />;
  const current = images[Math.min(index, images.length - 1)];
  return (
    <div className={styles.gallery}>
      <div className={styles.galleryMain}>
        <Img src={current.src} alt={current.alt || name} width={current.width ?? 800} height={current.height ?? 800} eager />
      </div>
      {images.length > 1 && (
        <ul className={styles.thumbs} aria-label="Product images">
          {images.map((image, i) => (
            <li key={`${image.src}-${i}`}>
              <button
                type="button"
                className={styles.thumb}
                aria-label={`Show image ${i + 1} of ${images.length}`}
                aria-current={i === index ? 'true' : undefined}
                onClick={() => setIndex(i)}
              >
                <Img src={image.src} alt="" width={96} height={96} />
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
