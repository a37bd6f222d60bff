/**
 * The category filter sidebar's model (docs/spec.md section 2 "Category pages", section 3 "Filter").
 * Pure functions, no React: the tree of filter terms, which terms show, and which products
 * match a selection.
 *
 * - Terms nest by `parent` (0 = top level); siblings are ordered by `order` (a number), and
 *   terms whose order is 'last' come after every numbered sibling (ties: by name).
 * - Only terms that a product of the page carries (or that have such a descendant) show;
 *   the sidebar shows at all only when some product carries a filter.
 * - A term with `depends_on` shows only while the term it depends on (or one of that term's
 *   descendants) is selected; a hidden term's selection does not count.
 * - Matching: selected terms are grouped into facets: a term's top-level group, or, for a
 *   dependent term, the term it depends on (it refines that choice). A product must carry one
 *   selected term (or a descendant of one) of every facet: OR inside a facet, AND across facets.
 */
import type { FilterNode, FilterTerm, Product } from '../types';

/** Colour filters show 8 swatches per row, 35 px per row (docs/spec.md section 2). */
export const SWATCHES_PER_ROW = 8;
export const SWATCH_ROW_PX = 35;

/** Rows and height (px) of a colour filter's swatch grid. */
export function swatchLayout(count: number): { perRow: number; rows: number; height: number } {
  const rows = Math.ceil(Math.max(0, count) / SWATCHES_PER_ROW);
  return { perRow: SWATCHES_PER_ROW, rows, height: rows * SWATCH_ROW_PX };
}

const isLast = (order: FilterTerm['order']) => typeof order === 'string' && order.trim().toLowerCase() === 'last';

function orderValue(order: FilterTerm['order']): number {
  if (isLast(order)) return Number.POSITIVE_INFINITY;
  const value = typeof order === 'number' ? order : Number.parseFloat(String(order ?? ''));
  return Number.isFinite(value) ? value : 0;
}

// One collator for every comparison (`localeCompare` sets one up per call).
const byName = new Intl.Collator('en').compare;

/** Sibling order: by `order`, 'last' after every number, then by name, then id. */
export function compareFilters(a: FilterTerm, b: FilterTerm): number {
  const byOrder = orderValue(a.order) - orderValue(b.order);
  if (byOrder !== 0 && !Number.isNaN(byOrder)) return byOrder;
  return byName(a.name, b.name) || a.id - b.id;
}

/** The id a term depends on, or null (0, '', false and null mean none). */
export function dependencyOf(term: Pick<FilterTerm, 'depends_on'>): number | null {
  const value = Number(term.depends_on);
  return Number.isInteger(value) && value > 0 ? value : null;
}

/**
 * Nest `terms` by parent and order siblings. With `used` (ids carried by the page's products),
 * terms neither used nor ancestors of a used term are left out. Terms whose parent is unknown
 * are left out too (their group is not delivered).
 */
export function buildFilterTree(terms: FilterTerm[], used?: ReadonlySet<number>): FilterNode[] {
  const byParent = new Map<number, FilterTerm[]>();
  const ids = new Set(terms.map((t) => t.id));
  for (const term of terms) {
    const parent = Number(term.parent) || 0;
    if (parent !== 0 && !ids.has(parent)) continue;
    byParent.set(parent, [...(byParent.get(parent) ?? []), term]);
  }
  const build = (parent: number, seen: Set<number>): FilterNode[] =>
    [...(byParent.get(parent) ?? [])]
      .sort(compareFilters)
      .flatMap((term) => {
        if (seen.has(term.id)) return []; // a cycle in the data
        const children = build(term.id, new Set([...seen, term.id]));
        if (used && !used.has(term.id) && children.length === 0) return [];
        return [{ ...term, children }];
      });
  return build(0, new Set());
}

/** Every node of the tree, depth first, in display order. */
export function flatten(nodes: FilterNode[]): FilterNode[] {
  return nodes.flatMap((node) => [node, ...flatten(node.children)]);
}

/** `id` and every id below it. */
function subtreeIds(node: FilterNode): number[] {
  return [node.id, ...node.children.flatMap(subtreeIds)];
}

/** The filter ids products of the page carry. */
export function usedFilterIds(products: Pick<Product, 'filters'>[]): Set<number> {
  return new Set(products.flatMap((p) => p.filters ?? []));
}

function dependencyMet(term: FilterTerm, selected: ReadonlySet<number>, index: Map<number, FilterNode>): boolean {
  const dependency = dependencyOf(term);
  if (dependency === null) return true;
  const target = index.get(dependency);
  if (!target) return selected.has(dependency);
  return subtreeIds(target).some((id) => selected.has(id));
}

/** The tree without terms whose dependency is not selected (nor anything below them). */
export function visibleTree(tree: FilterNode[], selected: ReadonlySet<number>): FilterNode[] {
  const index = new Map(flatten(tree).map((n) => [n.id, n]));
  const prune = (nodes: FilterNode[]): FilterNode[] =>
    nodes.filter((n) => dependencyMet(n, selected, index)).map((n) => ({ ...n, children: prune(n.children) }));
  return prune(tree);
}

/** The selected ids that count: shown in the tree (dependencies met), repeated until stable. */
export function effectiveSelection(tree: FilterNode[], selected: ReadonlySet<number>): Set<number> {
  let current = new Set(selected);
  for (;;) {
    const shown = new Set(flatten(visibleTree(tree, current)).map((n) => n.id));
    const next = new Set([...current].filter((id) => shown.has(id)));
    if (next.size === current.size) return next;
    current = next;
  }
}

/** Facet key of each selected term (see the module comment), with the ids it accepts. */
function facets(tree: FilterNode[], selected: ReadonlySet<number>): Map<string, Set<number>> {
  const out = new Map<string, Set<number>>();
  const walk = (nodes: FilterNode[], top: number) => {
    for (const node of nodes) {
      const group = top === 0 ? node.id : top;
      if (selected.has(node.id)) {
        const dependency = dependencyOf(node);
        const key = dependency !== null ? `dep:${dependency}` : `group:${group}`;
        const accepted = out.get(key) ?? new Set<number>();
        subtreeIds(node).forEach((id) => accepted.add(id));
        out.set(key, accepted);
      }
      walk(node.children, group);
    }
  };
  walk(tree, 0);
  return out;
}

/** Whether `product` matches the selection (ids not in the tree are ignored). */
export function matchesFilters(product: Pick<Product, 'filters'>, tree: FilterNode[], selected: ReadonlySet<number>): boolean {
  const carried = new Set(product.filters ?? []);
  for (const accepted of facets(tree, effectiveSelection(tree, selected)).values()) {
    if (![...accepted].some((id) => carried.has(id))) return false;
  }
  return true;
}

/** Products matching the selection, in their given order. */
export function filterProducts<P extends Pick<Product, 'filters'>>(products: P[], tree: FilterNode[], selected: ReadonlySet<number>): P[] {
  if (selected.size === 0) return products;
  return products.filter((p) => matchesFilters(p, tree, selected));
}

/** URL query parameter that holds the selection (comma-separated slugs), shareable. */
export const FILTER_PARAM = 'filter';

/** The selection from a query string: known slugs only. */
export function parseSelection(params: URLSearchParams, terms: FilterTerm[]): Set<number> {
  const bySlug = new Map(terms.map((t) => [t.slug, t.id]));
  const slugs = params.getAll(FILTER_PARAM).flatMap((value) => value.split(','));
  return new Set(slugs.map((s) => bySlug.get(s.trim())).filter((id): id is number => id !== undefined));
}

/** `params` with the selection written as slugs in tree order (no parameter when empty). */
export function withSelection(params: URLSearchParams, tree: FilterNode[], selected: ReadonlySet<number>): URLSearchParams {
  const next = new URLSearchParams(params);
  const slugs = flatten(tree)
    .filter((n) => selected.has(n.id))
    .map((n) => n.slug);
  if (slugs.length > 0) next.set(FILTER_PARAM, slugs.join(','));
  else next.delete(FILTER_PARAM);
  return next;
}
