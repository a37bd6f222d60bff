import { Img } from '@/components/Img';
import { Price } from '@/components/Price';
import { Link } from '@/lib/router';
import { priceOf } from '@/lib/money';
import { isComingSoon, isPreOrder, productPath } from '@/lib/products';
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

export function ProductCard({ product, currency, eager = false }: { product: Product; currency: Currency; eager?: boolean }) {
  const image = product.images?.[0];
  const badge = badgeFor(product);
  const variable = (product.variations?.length ?? 0) > 0;
  return (
    <article className={styles.card}>
      <Link to={productPath(product)} className={styles.cardLink}>
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
    </article>
  );
}
