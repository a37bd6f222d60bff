/**
 * Video links (docs/spec.md section 2): only a link from which an 11-character video id
 * can be extracted renders; its thumbnail comes from the video provider's image
 * host. Plays from the privacy-enhanced embed host, only after a click (the
 * cookies policy promises that).
 */

const ID = /^[A-Za-z0-9_-]{11}$/;
const HOSTS = /(^|\.)(youtube\.com|youtube-nocookie\.com|youtu\.be)$/i;

/**
 * The 11-character YouTube id of a link (watch?v=, youtu.be/, embed/, shorts/,
 * live/, v/), or null when there is none. A bare 11-character id also counts.
 */
export function videoId(url: unknown): string | null {
  if (typeof url !== 'string') return null;
  const raw = url.trim();
  if (!raw) return null;
  if (ID.test(raw)) return raw;
  let parsed: URL;
  try {
    parsed = new URL(/^[a-z][a-z\d+.-]*:\/\//i.test(raw) ? raw : `https://${raw.replace(/^\/\//, '')}`);
  } catch {
    return null;
  }
  if (!HOSTS.test(parsed.hostname)) return null;
  const candidate = parsed.hostname.toLowerCase().endsWith('youtu.be')
    ? parsed.pathname.split('/')[1]
    : parsed.searchParams.get('v') ?? parsed.pathname.match(/^\/(?:embed|shorts|live|v|e)\/([^/?#]+)/)?.[1];
  return candidate && ID.test(candidate) ? candidate : null;
}

/** Thumbnail on the provider's image host (480 x 360). */
export const videoThumbnail = (id: string) => `https://i.ytimg.com/vi/${id}/hqdefault.jpg`;
export const VIDEO_THUMBNAIL_SIZE = { width: 480, height: 360 } as const;

/** The embed that plays after a click. */
export const videoEmbedUrl = (id: string) => `https://www.youtube-nocookie.com/embed/${id}?autoplay=1&rel=0`;

/** The page to watch the video on. */
export const videoWatchUrl = (id: string) => `https://www.youtube.com/watch?v=${id}`;

const FILE = /\.(mp4|webm|ogv|mov)(\?.*)?$/i;

/** A direct video file (mp4, webm, ...) for a muted background loop, or null. */
export function videoFile(url: unknown): string | null {
  if (typeof url !== 'string') return null;
  const raw = url.trim();
  return raw && FILE.test(raw) && (/^https?:\/\//i.test(raw) || raw.startsWith('/')) ? raw : null;
}
