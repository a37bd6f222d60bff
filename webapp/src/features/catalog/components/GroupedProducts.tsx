import { useState } from 'react';
import { Price } from '@/components/Price';
import { Link } from '@/lib/router';
import { priceOf } from '@/lib/money';
import { isPreOrder, productPath } from '@/lib/products';
import type { Currency, Product } from '../types';
import { BuyButton } from './BuyButton';
import styles from './catalog.module.css';

interface Props {
  /** The grouped product's children (`grouped_products`), in its order; missing ones are left out. */
  items: Product[];
  currency: Currency;
  /** Adds one child to the cart; returns a message when the cart refused it. */
  onAdd: (child: Product) => string | void;
}

function stockText(child: Product): string {
  if (isPreOrder(child)) return 'Pre-order';
  if (child.stock_status === 'instock') return 'In stock';
  return 'Out of stock';
}

/**
 * A grouped product's page body (docs/spec.md section 10.1): one row per child with its name
 * (a link to its own page), price, stock or pre-order state and its own add-to-cart button. The
 * grouped product itself is never sold, so it has no buy button of its own.
 */
export function GroupedProducts({ items, currency, onAdd }: Props) {
  const [hints, setHints] = useState<Record<number, string>>({});
  if (items.length === 0) return <p className={styles.hint}>None of the products in this set is available right now.</p>;
  return (
    <ul className={styles.grouped} aria-label="Products in this set">
      {items.map((child) => {
        const nameId = `grouped-${child.id}-name`;
        return (
          <li key={child.id} className={styles.groupedItem} data-testid="grouped-child">
            <div className={styles.groupedInfo}>
              <Link id={nameId} to={productPath(child)} className={styles.groupedName}>
                {child.name}
              </Link>
              <Price info={priceOf(child, currency)} currency={currency} className={styles.groupedPrice} />
              <span className={styles.groupedStock}>{stockText(child)}</span>
            </div>
            <div className={styles.groupedBuy}>
              <BuyButton
                product={child}
                describedBy={nameId}
                onAdd={() => {
                  const refused = onAdd(child);
                  setHints((h) => ({ ...h, [child.id]: refused || '' }));
                  return !refused;
                }}
              />
              <p className={styles.hint} role="status">
                {hints[child.id] ?? ''}
              </p>
            </div>
          </li>
        );
      })}
    </ul>
  );
}
