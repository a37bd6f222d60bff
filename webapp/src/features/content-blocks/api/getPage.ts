import { apiPaths } from '@/config/paths';
import { getList } from '@/lib/http';
import type { WpPage, WpPost } from '@/types/api';

export async function getPageBySlug(slug: string, signal?: AbortSignal): Promise<WpPage | null> {
  const pages = await getList<WpPage>(apiPaths.pages(slug), { signal });
  return pages[0] ?? null;
}

export async function getPostBySlug(slug: string, signal?: AbortSignal): Promise<WpPost | null> {
  const posts = await getList<WpPost>(apiPaths.posts({ slug }), { signal });
  return posts[0] ?? null;
}
