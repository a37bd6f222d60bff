import { isHidden } from '@/lib/products';
import type { Product, ProductCategory, ProductGroup } from '../types';

/**
 * docs/spec.md section 2.5 "Category pages": hidden products are left out; products listed only
 * through a subcategory (accessories, switches, spare parts) get a group per subcategory, named
 * after it and placed after the category's own products, so they are not mixed with them; the
 * category's own products are grouped by its tag groups in group order (a product goes to the
 * first group whose tag it has), the rest in an 'Others' group. That group is untitled when it
 * is the only one, and named after the category when the only other groups are subcategories.
 * Without `category` there are no subcategory groups.
 */
export function groupProducts(
  products: Product[],
  groups: NonNullable<ProductCategory['acf']>['groups'],
  category?: Pick<ProductCategory, 'id' | 'name'>,
): ProductGroup[] {
  const visible = products.filter((p) => !isHidden(p));
  const subgroups = new Map<number, ProductGroup>();
  const own: Product[] = [];
  for (const p of visible) {
    const categories = p.categories ?? [];
    const sub = category && categories.length > 0 && !categories.some((c) => c.id === category.id) ? categories[0] : null;
    if (!sub) {
      own.push(p);
      continue;
    }
    const group = subgroups.get(sub.id) ?? { key: `category-${sub.slug || sub.id}`, title: sub.name, description: null, tag: null, products: [] };
    group.products.push(p);
    subgroups.set(sub.id, group);
  }
  const assigned = new Set<number>();
  const result: ProductGroup[] = [];
  for (const group of groups ?? []) {
    const tag = group?.tag;
    if (!tag) continue;
    const members = own.filter((p) => !assigned.has(p.id) && (p.tags ?? []).some((t) => t.id === tag.id));
    members.forEach((p) => assigned.add(p.id));
    if (members.length > 0) {
      result.push({ key: `tag-${tag.slug || tag.id}`, title: tag.name, description: group.description ?? null, tag, products: members });
    }
  }
  const rest = own.filter((p) => !assigned.has(p.id));
  if (rest.length > 0) {
    const title = result.length > 0 ? 'Others' : subgroups.size > 0 ? (category?.name ?? 'Others') : null;
    result.push({ key: 'others', title, description: null, tag: null, products: rest });
  }
  return [...result, ...subgroups.values()];
}
