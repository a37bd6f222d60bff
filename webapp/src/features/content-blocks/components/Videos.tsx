import { Carousel } from '@/components/carousel';
import type { BlockProps } from '../types';
import { videoId } from '../model/video';
import { text } from './fields';
import { VideoEmbed } from './VideoEmbed';
import styles from './more.module.css';

export interface VideoItem {
  id: string;
  title: string;
}

/** Items as links or `{url|video|link, title}`; only those with an 11-character id stay (docs/spec.md section 2). */
export function readVideos(value: unknown): VideoItem[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((item): VideoItem[] => {
    const entry: Record<string, unknown> = typeof item === 'object' && item !== null ? (item as Record<string, unknown>) : { url: item };
    const id = videoId(entry.url ?? entry.video ?? entry.link);
    return id ? [{ id, title: text(entry.title) }] : [];
  });
}

/** `videos` (docs/spec.md section 2): a carousel of videos; links without a video id do not render. */
export function Videos({ block }: BlockProps) {
  const videos = readVideos(block.items ?? block.videos);
  if (videos.length === 0) return null;
  const title = text(block.title) || 'Videos';
  return (
    <section className="container section">
      <h2>{title}</h2>
      <Carousel label={title} effect="scroll">
        {videos.map((video) => (
          <figure key={video.id} className={styles.videoSlide}>
            <VideoEmbed id={video.id} title={video.title} />
            {video.title && <figcaption>{video.title}</figcaption>}
          </figure>
        ))}
      </Carousel>
    </section>
  );
}
