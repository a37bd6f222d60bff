import { apiPaths } from '@/config/paths';
import { PRODUCT_PAGE_SIZE } from '@/config/site';
import { getList } from '@/lib/http';
import type { WpPost } from '@/types/api';

/** Posts of one category, newest first (docs/spec.md section 7: posts?category={id}&per_page=100); [] on failure. */
export function getPosts(category: number, signal?: AbortSignal): Promise<WpPost[]> {
  return getList<WpPost>(apiPaths.posts({ category, per_page: PRODUCT_PAGE_SIZE }), { signal });
}
