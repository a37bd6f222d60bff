import { AppLink } from '@/components/AppLink';
import { Img } from '@/components/Img';
import { SafeHtml } from '@/components/SafeHtml';
import type { BlockProps } from '../types';
import { safeColor } from '../model/styles';
import { videoFile } from '../model/video';
import { readImage, readLink, text } from './fields';
import styles from './blocks.module.css';

const ALIGN = new Set(['left', 'center', 'right']);

/**
 * `hero`: a page or product hero banner (docs/spec.md section 2). Fields: title,
 * text (or subtitle), image, video (a video file plays muted behind the text),
 * link (link, URL or link list) with link_text, text_color, background_color,
 * text_alignment (default left). The first block of a page carries the h1.
 */
export function Hero({ block, index, priority = false }: BlockProps) {
  const title = text(block.title);
  const body = text(block.text) || text(block.subtitle);
  const image = readImage(block.image, title);
  const video = videoFile(block.video);
  const link = readLink(block.link);
  const align = ALIGN.has(text(block.text_alignment)) ? text(block.text_alignment) : 'left';
  const Heading = index === 0 ? 'h1' : 'h2';
  return (
    <section
      className={styles.heroBlock}
      data-align={align}
      style={{ color: safeColor(block.text_color), backgroundColor: safeColor(block.background_color) }}
    >
      <div className={`container ${styles.heroBlockInner}`}>
        <div className={styles.heroBlockText}>
          {title && <Heading className={styles.heroBlockTitle}>{title}</Heading>}
          <SafeHtml html={body} className={styles.heroBlockBody} />
          {link && (
            <AppLink href={link.url} className="button">
              {text(block.link_text) || link.title || 'Shop now'}
            </AppLink>
          )}
        </div>
        {(video || image) && (
          <div className={styles.heroBlockMedia}>
            {video ? (
              <video src={video} poster={image?.src} muted autoPlay loop playsInline aria-hidden="true" width={image?.width} height={image?.height} />
            ) : (
              image && <Img src={image.src} alt={image.alt} width={image.width ?? 1600} height={image.height ?? 700} eager={priority} />
            )}
          </div>
        )}
      </div>
    </section>
  );
}
