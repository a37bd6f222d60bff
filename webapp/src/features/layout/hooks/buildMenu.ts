/**
 * docs/spec.md section 2 "Menu and header": top-level items flagged for the menu, the
 * first (the start page) dropped; children grouped under their parent as
 * dropdowns; parent_link 'first'/'last' puts the parent's own link first/last.
 */
import { MAIN_MENU_SLUG } from '@/config/site';
import { toAppLink } from '@/lib/links';
import type { Menu, MenuItem } from '@/types/api';
import type { FooterMenu, NavEntry, NavLinkItem } from '../types';

const byPosition = (a: MenuItem, b: MenuItem) => (a.position ?? 0) - (b.position ?? 0) || a.id - b.id;
const isTopLevel = (item: MenuItem) => item.parent === 0;
const toLink = ({ id, title, url }: MenuItem): NavLinkItem => ({ id, title, url });

function isChildOf(item: MenuItem, parent: MenuItem): boolean {
  if (isTopLevel(item)) return false;
  // The parent is referenced by its id (services/catalog/schemas.py MenuItemOut: 0 at top level).
  return item.parent === parent.id;
}

export function buildMainMenu(menus: Menu[], slug: string = MAIN_MENU_SLUG): NavEntry[] {
  const menu = menus.find((m) => m.slug === slug);
  if (!menu) return [];
  const items = [...(menu.items ?? [])].sort(byPosition);
  const top = items.filter((item) => isTopLevel(item) && item.in_menu === true).slice(1);
  return top.map((parent) => {
    // in_menu flags top-level entries only: children carry in_menu false in the menu data.
    const children = items.filter((item) => isChildOf(item, parent)).map(toLink);
    const own = toLink(parent);
    const withParent =
      children.length === 0
        ? []
        : parent.parent_link === 'first'
          ? [own, ...children]
          : parent.parent_link === 'last'
            ? [...children, own]
            : children;
    return { ...own, slug: parent.slug, children: withParent };
  });
}

/**
 * Where a menu link goes, as the footer compares links: the in-app route for same-site URLs
 * (so 'https://halvard.gg/wp/cookies-policy/' and '/cookies-policy' are one target), else the
 * URL as written.
 */
export function linkTarget(url: string): string {
  const link = toAppLink(url);
  return link.internal ? link.to : link.href;
}

/**
 * Footer columns from every menu other than the main one: a top-level item
 * with children becomes its own column; the other top-level items form a
 * column named after the menu. A target that an earlier column (or an earlier
 * item) already links to is left out, and a column left empty is dropped: the
 * footer shows each link once however the menus repeat it.
 */
export function buildFooterMenus(menus: Menu[], mainSlug: string = MAIN_MENU_SLUG): FooterMenu[] {
  const columns: FooterMenu[] = [];
  for (const menu of menus) {
    if (menu.slug === mainSlug) continue;
    const items = [...(menu.items ?? [])].sort(byPosition);
    const leaves: NavLinkItem[] = [];
    for (const item of items.filter(isTopLevel)) {
      const children = items.filter((child) => isChildOf(child, item)).map(toLink);
      if (children.length > 0) columns.push({ id: item.id, name: item.title, slug: item.slug ?? String(item.id), items: children });
      else leaves.push(toLink(item));
    }
    if (leaves.length > 0) {
      columns.push({ id: menu.id, name: /^footer/i.test(menu.name) ? 'Explore' : menu.name, slug: menu.slug, items: leaves });
    }
  }
  const seen = new Set<string>();
  return columns
    .map((column) => ({
      ...column,
      items: column.items.filter((item) => {
        const target = linkTarget(item.url);
        if (seen.has(target)) return false;
        seen.add(target);
        return true;
      }),
    }))
    .filter((column) => column.items.length > 0);
}
