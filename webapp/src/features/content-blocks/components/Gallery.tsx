import { Carousel } from '@/components/carousel';
import { Img } from '@/components/Img';
import type { BlockProps, ImageRef } from '../types';
import { readImage, text } from './fields';
import styles from './more.module.css';

/** Images as image values or `{image, caption}` entries. */
export function readGalleryImages(value: unknown): (ImageRef & { caption: string })[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((entry) => {
    const nested = typeof entry === 'object' && entry !== null && 'image' in entry ? (entry as Record<string, unknown>) : null;
    const image = readImage(nested ? nested.image : entry);
    return image ? [{ ...image, caption: text(nested?.caption) }] : [];
  });
}

/** `gallery` (docs/spec.md section 2): images in a scroll3d carousel (3 shown, wraps). */
export function Gallery({ block }: BlockProps) {
  const images = readGalleryImages(block.images ?? block.items);
  if (images.length === 0) return null;
  const title = text(block.title) || 'Gallery';
  return (
    <section className="container section">
      <h2>{title}</h2>
      <Carousel label={title} effect="scroll3d">
        {images.map((image, i) => (
          <figure key={i} className={styles.galleryFigure}>
            <Img src={image.src} alt={image.alt} width={image.width ?? 1600} height={image.height ?? 700} />
            {image.caption && <figcaption>{image.caption}</figcaption>}
          </figure>
        ))}
      </Carousel>
    </section>
  );
}
