import { useState } from 'react';
import { Img } from '@/components/Img';
import { Price } from '@/components/Price';
import { Link } from '@/lib/router';
import { priceOf } from '@/lib/money';
import { isComingSoon, isConfigurable, isPreOrder, productPath } from '@/lib/products';
import type { Currency, Product } from '../types';
import styles from './catalog.module.css';

function badgeFor(product: Product): { text: string; tone: 'accent' | 'info' | 'muted' } | null {
  // Only staff sessions get draft and pending products from the API.
  if (product.status === 'draft') return { text: 'Draft', tone: 'muted' };
  if (product.status === 'pending') return { text: 'Pending review', tone: 'muted' };
  if (isComingSoon(product)) return { text: 'Coming soon', tone: 'info' };
  if (isPreOrder(product)) return { text: 'Pre-order', tone: 'info' };
  if (product.stock_status === 'outofstock') return { text: 'Out of stock', tone: 'muted' };
  if (product.on_sale) return { text: 'Sale', tone: 'accent' };
  return null;
}

/**
 * Adds one of a product to the cart from a listing (docs/spec.md section 2.5 "quick add"):
 * `undefined` when added, else the message saying why not.
 */
export type QuickAdd = (product: Product) => string | undefined;

/**
 * Whether a card may add its product straight to the cart (docs/spec.md section 2.5): a simple,
 * published, in-stock product with a price that needs no choice (no variations, no configurator,
 * not coming soon). Variable, grouped and external products link to their page instead.
 */
export function canQuickAdd(product: Product): boolean {
  return (
    product.type === 'simple' &&
    (product.variations?.length ?? 0) === 0 &&
    product.stock_status === 'instock' &&
    product.status === 'publish' &&
    product.price !== '' &&
    !isComingSoon(product) &&
    !isConfigurable(product)
  );
}

/** WooCommerce's listing button for a product the card cannot add: it leads to the product page. */
function pageButtonLabel(product: Product): string {
  if (product.type === 'grouped') return 'View products';
  if (product.type === 'external') return product.button_text || 'Buy product';
  if ((product.variations?.length ?? 0) > 0 || isConfigurable(product)) return 'Select options';
  return 'Read more';
}

export function ProductCard({ product, currency, eager = false, onQuickAdd }: { product: Product; currency: Currency; eager?: boolean; onQuickAdd?: QuickAdd }) {
  const image = product.images?.[0];
  const badge = badgeFor(product);
  const variable = (product.variations?.length ?? 0) > 0;
  const [feedback, setFeedback] = useState<{ ok: boolean; text: string } | null>(null);
  const path = productPath(product);
  const quick = onQuickAdd && canQuickAdd(product);
  const add = () => {
    const refused = onQuickAdd?.(product);
    setFeedback(refused ? { ok: false, text: refused } : { ok: true, text: `${product.name} added to your cart` });
  };
  return (
    <article className={styles.card}>
      <Link to={path} className={styles.cardLink}>
        <div className={styles.cardMedia}>
          {image ? (
            <Img src={image.src} alt={image.alt || product.name} width={image.width ?? 800} height={image.height ?? 800} eager={eager} />
          ) : (
            <div className={styles.noImage} aria-hidden="true" />
          )}
          {badge && (
            <span className={styles.badge} data-tone={badge.tone}>
              {badge.text}
            </span>
          )}
        </div>
        <div className={styles.cardBody}>
          <h3 className={styles.cardTitle}>{product.name}</h3>
          {/* a grouped product has no price of its own: its children have (docs/spec.md section 10.1) */}
          {product.type !== 'grouped' && <Price info={priceOf(product, currency)} currency={currency} from={variable} className={styles.cardPrice} />}
        </div>
      </Link>
      {onQuickAdd && (
        <div className={styles.cardActions}>
          {quick ? (
            <button type="button" className={`button ${styles.quickAdd}`} onClick={add}>
              Add to cart<span className="visually-hidden">: {product.name}</span>
            </button>
          ) : (
            <Link to={path} className={`button button--ghost ${styles.quickAdd}`} tabIndex={-1} aria-hidden="true">
              {pageButtonLabel(product)}
            </Link>
          )}
          <p className={styles.quickAddStatus} role="status" data-ok={feedback?.ok}>
            {feedback?.text}
          </p>
        </div>
      )}
    </article>
  );
}
