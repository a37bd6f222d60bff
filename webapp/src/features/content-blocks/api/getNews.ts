import { apiPaths } from '@/config/paths';
import { getList } from '@/lib/http';

/** A news-feed item (docs/spec.md section 3: id, title, image, summary, link; plus date). */
export interface NewsItem {
  id: number;
  title: string;
  image?: string | null;
  summary?: string | null;
  date?: string | null;
  link: string;
}

/** GET /api/wp/latest-news?filter={filter} (docs/spec.md section 7); empty on failure (docs/spec.md section 8). */
export function getLatestNews(filter: string, perPage: number, signal?: AbortSignal): Promise<NewsItem[]> {
  return getList<NewsItem>(apiPaths.latestNews(filter, perPage), { signal });
}
