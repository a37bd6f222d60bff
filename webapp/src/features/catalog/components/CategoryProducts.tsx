import { useMemo } from 'react';
import { CATEGORY_JUMP_OFFSET_PX } from '@/config/site';
import { groupProducts } from '../hooks/groupProducts';
import type { Currency, Product, ProductCategory } from '../types';
import { ProductGrid } from './ProductGrid';
import styles from './catalog.module.css';

function jumpTo(id: string) {
  const target = document.getElementById(id);
  if (!target) return;
  const top = target.getBoundingClientRect().top + window.scrollY - CATEGORY_JUMP_OFFSET_PX;
  window.scrollTo({ top, behavior: 'smooth' });
}

/** Products grouped by the category's tag groups, with a jump-nav when there is more than one group. */
export function CategoryProducts({ category, products, currency }: { category: ProductCategory; products: Product[]; currency: Currency }) {
  const groups = useMemo(() => groupProducts(products, category.acf?.groups), [products, category]);
  if (groups.length === 0) {
    return (
      <div className="container section">
        <p className="muted">No products here yet. Check back soon.</p>
      </div>
    );
  }
  return (
    <div className={`container ${styles.category}`}>
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
        <section key={group.key} id={group.key} className={styles.group} aria-labelledby={group.title ? `${group.key}-title` : undefined}>
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
  );
}
