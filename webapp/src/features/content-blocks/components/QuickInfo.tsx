import { Img } from '@/components/Img';
import { SafeHtml } from '@/components/SafeHtml';
import type { BlockProps } from '../types';
import { useWindowWidth } from '../hooks/useWindowWidth';
import { imageMaxHeight, placementAt, quickInfoFields } from '../model/quickInfo';
import { videoFile, videoId } from '../model/video';
import { VideoEmbed } from './VideoEmbed';
import styles from './blocks.module.css';

/**
 * `quick_info` (docs/spec.md section 2): title and text beside, above, below or over
 * an image or video. Placement top, bottom, left, right or background (default
 * background); left and right become top under 600 px; the image is at most
 * 560 px high, or half the window width for top and bottom; image_styles are
 * applied after the allow-list; text_alignment default left; colours checked.
 * As the page's first image-bearing block (`priority`) its image or video thumbnail loads
 * eagerly with fetchpriority="high" (it is often the LCP element); otherwise lazily.
 */
export function QuickInfo({ block, priority = false }: BlockProps) {
  const f = quickInfoFields(block);
  const windowWidth = useWindowWidth();
  const placement = placementAt(f.placement, windowWidth);
  const maxHeight = imageMaxHeight(placement, windowWidth);
  const youTube = videoId(f.video);
  const file = youTube ? null : videoFile(f.video);
  const mediaStyle = { maxHeight, ...f.imageStyle };

  const media = youTube ? (
    <div style={{ maxWidth: Math.round((maxHeight * 16) / 9), marginInline: 'auto' }}>
      <VideoEmbed id={youTube} title={f.title} eager={priority} />
    </div>
  ) : file ? (
    <video src={file} poster={f.image?.src} muted autoPlay loop playsInline aria-hidden="true" style={mediaStyle} className={styles.quickInfoImage} />
  ) : f.image ? (
    <Img
      className={styles.quickInfoImage}
      src={f.image.src}
      alt={placement === 'background' ? '' : f.image.alt}
      width={f.image.width ?? 1600}
      height={f.image.height ?? 700}
      eager={priority}
      style={mediaStyle}
    />
  ) : null;

  const copy = (
    <div className={styles.quickInfoText} style={{ textAlign: f.textAlignment }} data-align={f.textAlignment}>
      {f.title && <h2>{f.title}</h2>}
      <SafeHtml html={f.text} className="rich-text" />
    </div>
  );
  const mediaFirst = placement === 'top' || placement === 'left' || placement === 'background';

  return (
    <section
      className={styles.quickInfo}
      data-placement={placement}
      style={{ backgroundColor: f.backgroundColor, color: f.textColor }}
    >
      <div className={`container ${styles.quickInfoInner}`}>
        {media && mediaFirst && <div className={styles.quickInfoMedia}>{media}</div>}
        {copy}
        {media && !mediaFirst && <div className={styles.quickInfoMedia}>{media}</div>}
      </div>
    </section>
  );
}
