import { useCallback, useMemo, useState } from 'react';
import { CATEGORY_JUMP_OFFSET_PX } from '@/config/site';
import { useSearchParams } from '@/lib/router';
import { isHidden } from '@/lib/products';
import { buildFilterTree, effectiveSelection, FILTER_PARAM, filterProducts, parseSelection, usedFilterIds, withSelection } from '../hooks/filterTree';
import { groupProducts } from '../hooks/groupProducts';
import type { Currency, FilterTerm, Product, ProductCategory } from '../types';
import { FilterSidebar } from './FilterSidebar';
import { ProductGrid } from './ProductGrid';
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
}

/**
 * A category's products (docs/spec.md section 2): grouped by the category's tag groups with 'Others',
 * a jump-nav of group buttons when there is more than one group, and a filter sidebar when the
 * products carry filters. The selection lives in the URL query (`?filter=slug,slug`).
 */
export function CategoryProducts({ category, products, currency, filters = [] }: Props) {
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
  const groups = useMemo(() => groupProducts(shown, category.acf?.groups), [shown, category]);

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
            <ProductGrid products={group.products} currency={currency} eagerFirst={i === 0 ? 2 : 0} label={group.title ?? category.name} />
          </section>
        ))}
      </div>
    </div>
  );
}
