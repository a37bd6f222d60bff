import { useEffect, useRef, useState } from 'react';
import { useSlideActive } from '@/components/carousel/slideContext';
import { Img } from '@/components/Img';
import { VIDEO_THUMBNAIL_SIZE, videoEmbedUrl, videoThumbnail } from '../model/video';
import styles from './blocks.module.css';

/**
 * A video by its 11-character id: the provider's thumbnail with a play button;
 * the player loads only after a click (docs/spec.md section 2; cookies policy) and
 * unloads when its carousel slide leaves the view. `eager`: the thumbnail is the page's priority
 * image (loaded at once, fetchpriority="high"); otherwise it loads lazily.
 */
export function VideoEmbed({ id, title, className, eager = false }: { id: string; title: string; className?: string; eager?: boolean }) {
  const [playing, setPlaying] = useState(false);
  const frame = useRef<HTMLIFrameElement>(null);
  // A video whose carousel slide leaves the view stops (no sound from a hidden slide).
  const inView = useSlideActive();
  if (!inView && playing) setPlaying(false);
  useEffect(() => {
    if (playing) frame.current?.focus();
  }, [playing]);
  const label = title || 'Video';
  return (
    <div className={[styles.video, className ?? ''].join(' ').trim()}>
      {playing ? (
        <iframe
          ref={frame}
          src={videoEmbedUrl(id)}
          title={label}
          allow="accelerometer; autoplay; clipboard-write; encrypted-media; gyroscope; picture-in-picture"
          allowFullScreen
        />
      ) : (
        <button type="button" className={styles.videoPoster} onClick={() => setPlaying(true)} aria-label={`Play video: ${label}`}>
          <Img src={videoThumbnail(id)} alt="" width={VIDEO_THUMBNAIL_SIZE.width} height={VIDEO_THUMBNAIL_SIZE.height} eager={eager} />
          <span className={styles.videoPlay} aria-hidden="true" />
        </button>
      )}
    </div>
  );
}
