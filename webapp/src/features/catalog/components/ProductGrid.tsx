import { useRef } from 'react';
import { useColumns } from '../hooks/useColumns';
import type { Currency, Product } from '../types';
import { ProductCard, type QuickAdd } from './ProductCard';
import styles from './catalog.module.css';

/** 1 to 4 products per row by the grid container's own width (600 / 920 / 1180). */
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
  const ref = useRef<HTMLUListElement>(null);
  const columns = useColumns(ref);
  return (
    <ul
      ref={ref}
      className={styles.grid}
      data-columns={columns}
      style={{ gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))` }}
      aria-label={label}
    >
      {products.map((product, i) => (
        <li key={product.id}>
          <ProductCard product={product} currency={currency} eager={i < eagerFirst} onQuickAdd={onQuickAdd} />
        </li>
      ))}
    </ul>
  );
}
