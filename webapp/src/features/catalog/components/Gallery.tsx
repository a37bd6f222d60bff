import { useEffect, useRef, useState } from 'react';
import { Img } from '@/components/Img';
import type { ImageRef } from '@/types/api';
import styles from './catalog.module.css';

/**
 * The product image gallery (docs/spec.md section 2 "Product page"): a track of slides with thumbnails
 * below; on small screens the track is a swipeable slider with a pager instead of thumbnails.
 * Only the first image loads eagerly.
 */
export function Gallery({ images, name }: { images: ImageRef[]; name: string }) {
  const [index, setIndex] = useState(0);
  const track = useRef<HTMLDivElement>(null);
  const key = images.map((i) => i.src).join('|');

  const scrollToSlide = (i: number, smooth: boolean) => {
    const element = track.current;
    if (element && typeof element.scrollTo === 'function') {
      element.scrollTo({ left: i * element.clientWidth, behavior: smooth ? 'smooth' : 'auto' });
    }
  };
  // Other images (another product or variation): back to the first one, shown at once.
  const [shownKey, setShownKey] = useState(key);
  if (shownKey !== key) {
    setShownKey(key);
    setIndex(0);
  }
  useEffect(() => {
    const element = track.current;
    if (element && typeof element.scrollTo === 'function') element.scrollTo({ left: 0, behavior: 'auto' });
  }, [key]);

  if (images.length === 0) return <div className={`${styles.galleryMain} ${styles.noImage}`} aria-hidden="true" />;
  const current = Math.min(index, images.length - 1);
  const show = (i: number) => {
    setIndex(i);
    scrollToSlide(i, true);
  };
  const onScroll = () => {
    const element = track.current;
    if (!element || element.clientWidth === 0) return;
    const i = Math.round(element.scrollLeft / element.clientWidth);
    if (i !== current && i >= 0 && i < images.length) setIndex(i);
  };

  return (
    <div className={styles.gallery} role="group" aria-roledescription="carousel" aria-label={`${name} images`}>
      {/* The slides: a named group, focusable (a scroll region on mobile). */}
      {/* eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scroll region must be reachable by keyboard to be scrolled (axe scrollable-region-focusable) */}
      <div ref={track} className={`${styles.galleryMain} ${styles.galleryTrack}`} onScroll={onScroll} role="group" aria-label="Slides" tabIndex={0}>
        {images.map((image, i) => (
          <div
            key={`${image.src}-${i}`}
            className={styles.gallerySlide}
            role="group"
            aria-roledescription="slide"
            aria-label={`${i + 1} of ${images.length}`}
            aria-hidden={i !== current || undefined}
          >
            <Img src={image.src} alt={image.alt || name} width={image.width ?? 800} height={image.height ?? 800} eager={i === 0} />
          </div>
        ))}
      </div>
      {images.length > 1 && (
        <>
          <ul className={styles.thumbs} aria-label="Product images">
            {images.map((image, i) => (
              <li key={`${image.src}-${i}`}>
                <button
                  type="button"
                  className={styles.thumb}
                  aria-label={`Show image ${i + 1} of ${images.length}`}
                  aria-current={i === current ? 'true' : undefined}
                  onClick={() => show(i)}
                >
                  <Img src={image.src} alt="" width={96} height={96} />
                </button>
              </li>
            ))}
          </ul>
          <div className={styles.pager} aria-label="Choose image" role="group">
            {images.map((image, i) => (
              <button
                key={`${image.src}-${i}`}
                type="button"
                className={styles.pagerDot}
                aria-label={`Image ${i + 1} of ${images.length}`}
                aria-current={i === current ? 'true' : undefined}
                onClick={() => show(i)}
              />
            ))}
          </div>
        </>
      )}
    </div>
  );
}
