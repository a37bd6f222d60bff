import { apiPaths } from '@/config/paths';
import { getList } from '@/lib/http';
import type { Menu } from '@/types/api';

export function getMenus(signal?: AbortSignal): Promise<Menu[]> {
  return getList<Menu>(apiPaths.menus, { signal });
}
