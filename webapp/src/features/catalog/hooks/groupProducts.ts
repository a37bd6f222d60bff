import { isHidden } from '@/lib/products';
import type { Product, ProductCategory, ProductGroup } from '../types';

/**
 * docs/spec.md section 2 "Category pages": products grouped by the category's tag
 * groups in group order (a product goes to the first group whose tag it has),
 * an 'Others' group for the rest; hidden products are left out.
 */
export function groupProducts(products: Product[], groups: NonNullable<ProductCategory['acf']>['groups']): ProductGroup[] {
  const visible = products.filter((p) => !isHidden(p));
  const assigned = new Set<number>();
  const result: ProductGroup[] = [];
  for (const group of groups ?? []) {
    const tag = group?.tag;
    if (!tag) continue;
    const members = visible.filter((p) => !assigned.has(p.id) && (p.tags ?? []).some((t) => t.id === tag.id));
    members.forEach((p) => assigned.add(p.id));
    if (members.length > 0) {
      result.push({ key: `tag-${tag.slug || tag.id}`, title: tag.name, description: group.description ?? null, tag, products: members });
    }
  }
  const rest = visible.filter((p) => !assigned.has(p.id));
  if (rest.length > 0) {
    result.push({ key: 'others', title: result.length > 0 ? 'Others' : null, description: null, tag: null, products: rest });
  }
  return result;
}
