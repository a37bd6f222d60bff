import { AppLink } from '@/components/AppLink';
import { Img } from '@/components/Img';
import { SafeHtml } from '@/components/SafeHtml';
import type { BlockProps } from '../types';
import { readImage, readLink, text } from './fields';
import styles from './blocks.module.css';

/** `hero_image` (docs/spec.md section 2): a full-width banner image with title, text and a link button; h1 when first on the page. */
export function HeroImage({ block, index, priority = false }: BlockProps) {
  const title = text(block.title);
  const image = readImage(block.image, title);
  const link = readLink(block.link);
  const Heading = index === 0 ? 'h1' : 'h2';
  return (
    <section className={styles.hero}>
      {image && (
        <Img className={styles.heroImage} src={image.src} alt={image.alt} width={image.width} height={image.height} eager={priority} />
      )}
      <div className={`container ${styles.heroContent}`}>
        {title && <Heading className={styles.heroTitle}>{title}</Heading>}
        <SafeHtml html={text(block.text)} className={styles.heroText} />
        {link && (
          <AppLink href={link.url} className="button">
            {link.title || text(block.link_text) || 'Shop now'}
          </AppLink>
        )}
      </div>
    </section>
  );
}
