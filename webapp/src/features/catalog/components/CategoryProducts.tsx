import { useCallback, useMemo, useState } from 'react';
import { CATEGORY_JUMP_OFFSET_PX } from '@/config/site';
import { useSearchParams } from '@/lib/router';
import { isHidden } from '@/lib/products';
import { buildFilterTree, effectiveSelection, FILTER_PARAM, filterProducts, parseSelection, usedFilterIds, withSelection } from '../hooks/filterTree';
import { groupProducts } from '../hooks/groupProducts';
import { CATEGORY_ORDERS, DEFAULT_ORDER, ORDER_PARAM, type CategoryOrder } from '../api/loaders';
import type { Currency, FilterTerm, Product, ProductCategory } from '../types';
import { FilterSidebar } from './FilterSidebar';
import { ProductGrid } from './ProductGrid';
import type { QuickAdd } from './ProductCard';
import styles from './catalog.module.css';

/** docs/spec.md section 8 "Empty filter". */
export const EMPTY_FILTER_TEXT = 'No products found with the current filter…';

/** Scrolls a group into view 80 px below the top (docs/spec.md section 2) and moves focus there. */
function jumpTo(id: string) {
  const target = document.getElementById(id);
  if (!target) return;
  const top = target.getBoundingClientRect().top + window.scrollY - CATEGORY_JUMP_OFFSET_PX;
  window.scrollTo({ top, behavior: 'smooth' });
  target.focus({ preventScroll: true });
}

interface Props {
  category: ProductCategory;
  products: Product[];
  currency: Currency;
  /** Every filter term (`/api/wc/filters`); the sidebar shows those the products carry. */
  filters?: FilterTerm[];
  /** The order the server listed `products` in (`?orderby=`); any but the default shows one list without groups. */
  order?: CategoryOrder;
  /** Given: simple in-stock products get an 'Add to cart' button on their card. */
  onQuickAdd?: QuickAdd;
}

/**
 * A category's products (docs/spec.md section 2.5): grouped by the category's tag groups with
 * 'Others' (subcategories' products in their own groups), a jump-nav of group buttons when there
 * is more than one group, and a filter sidebar when the products carry filters. The selection
 * lives in the URL query (`?filter=slug,slug`), the sort too (`?orderby=`, sorted by the server:
 * a new value reloads the route's data); a sorted list is one list in that order.
 */
export function CategoryProducts({ category, products, currency, filters = [], order = DEFAULT_ORDER, onQuickAdd }: Props) {
  const [searchParams, setSearchParams] = useSearchParams();
  const visible = useMemo(() => products.filter((p) => !isHidden(p)), [products]);
  const tree = useMemo(() => buildFilterTree(filters, usedFilterIds(visible)), [filters, visible]);
  // The selection follows the URL (shared links, back and forward) but changes at once on a
  // click: the URL update is a router navigation and lands a moment later.
  const urlValue = searchParams.get(FILTER_PARAM) ?? '';
  const [local, setLocal] = useState(() => ({ urlValue, picked: parseSelection(searchParams, filters) }));
  if (local.urlValue !== urlValue) setLocal({ urlValue, picked: parseSelection(searchParams, filters) }); // the URL changed
  const selected = useMemo(() => effectiveSelection(tree, local.picked), [tree, local.picked]);
  const shown = useMemo(() => filterProducts(visible, tree, selected), [visible, tree, selected]);
  const sorted = order !== DEFAULT_ORDER;
  const groups = useMemo(
    () => (sorted ? (shown.length > 0 ? [{ key: 'sorted', title: null, description: null, tag: null, products: shown }] : []) : groupProducts(shown, category.acf?.groups, category)),
    [shown, category, sorted],
  );
  const sortBy = (value: string) => {
    const next = new URLSearchParams(searchParams);
    if (value === DEFAULT_ORDER) next.delete(ORDER_PARAM);
    else next.set(ORDER_PARAM, value);
    setSearchParams(next, { replace: true, preventScrollReset: true });
  };

  const select = useCallback(
    (next: Set<number>) => {
      // `urlValue` stays the URL's current value until the navigation lands (then it is re-read).
      setLocal((current) => ({ urlValue: current.urlValue, picked: next }));
      setSearchParams(withSelection(searchParams, tree, effectiveSelection(tree, next)), { replace: true, preventScrollReset: true });
    },
    [searchParams, setSearchParams, tree],
  );
  const toggle = (id: number) => {
    const next = new Set(selected);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    select(next);
  };

  if (visible.length === 0) {
    return (
      <div className="container section">
        <p className="muted">No products here yet. Check back soon.</p>
      </div>
    );
  }
  const hasFilters = tree.length > 0;
  return (
    <div className={`container ${styles.category}`} data-filters={hasFilters || undefined}>
      {hasFilters && <FilterSidebar tree={tree} selected={selected} onToggle={toggle} onClear={() => select(new Set())} />}
      <div className={styles.categoryMain}>
        <p className="visually-hidden" role="status">
          {selected.size > 0 ? `${shown.length} ${shown.length === 1 ? 'product' : 'products'} match the current filter` : ''}
        </p>
        <div className={styles.toolbar}>
          <p className={styles.count}>
            {shown.length} {shown.length === 1 ? 'product' : 'products'}
          </p>
          <label className={styles.sort}>
            <span>Sort by</span>
            <select value={order} onChange={(e) => sortBy(e.target.value)}>
              {CATEGORY_ORDERS.map((o) => (
                <option key={o.value} value={o.value}>
                  {o.label}
                </option>
              ))}
            </select>
          </label>
        </div>
        {groups.length === 0 && (
          <div className={styles.empty}>
            <p>{EMPTY_FILTER_TEXT}</p>
            <button type="button" className="button button--ghost" onClick={() => select(new Set())}>
              Clear filters
            </button>
          </div>
        )}
        {groups.length > 1 && (
          <nav aria-label={`${category.name} groups`} className={styles.jumpNav}>
            {groups.map((group) => (
              <button key={group.key} type="button" className={styles.jumpButton} onClick={() => jumpTo(group.key)}>
                {group.title}
              </button>
            ))}
          </nav>
        )}
        {groups.map((group, i) => (
          <section
            key={group.key}
            id={group.key}
            tabIndex={-1}
            className={styles.group}
            aria-labelledby={group.title ? `${group.key}-title` : undefined}
            aria-label={group.title ? undefined : category.name}
          >
            {group.title && (
              <header className={styles.groupHeader}>
                <h2 id={`${group.key}-title`}>{group.title}</h2>
                {group.description && <p className="muted">{group.description}</p>}
              </header>
            )}
            <ProductGrid products={group.products} currency={currency} eagerFirst={i === 0 ? 4 : 0} label={group.title ?? category.name} onQuickAdd={onQuickAdd} />
          </section>
        ))}
      </div>
    </div>
  );
}
