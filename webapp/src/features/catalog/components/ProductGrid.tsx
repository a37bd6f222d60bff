import type { Currency, Product } from '../types';
import { ProductCard, type QuickAdd } from './ProductCard';
import columns from '@/components/productColumns.module.css';
import styles from './catalog.module.css';

/**
 * 1 to 4 products per row by the grid's own width: 600 / 920 / 1180 px (docs/spec.md section 2,
 * `GRID_THRESHOLDS` in lib/columns.ts). The box around the list is a CSS size container and the
 * list's columns are container queries (components/productColumns.module.css), so the browser lays the grid out
 * in its first pass: no measuring in script, no second render once the width is known.
 */
export function ProductGrid({
  products,
  currency,
  eagerFirst = 0,
  label,
  onQuickAdd,
}: {
  products: Product[];
  currency: Currency;
  eagerFirst?: number;
  label?: string;
  /** Given: cards of simple in-stock products get an 'Add to cart' button (docs/spec.md section 2.5). */
  onQuickAdd?: QuickAdd;
}) {
  return (
    <div className={columns.box}>
      <ul className={`${columns.columns} ${styles.grid}`} aria-label={label}>
        {products.map((product, i) => (
          <li key={product.id}>
            <ProductCard product={product} currency={currency} eager={i < eagerFirst} onQuickAdd={onQuickAdd} />
          </li>
        ))}
      </ul>
    </div>
  );
}
