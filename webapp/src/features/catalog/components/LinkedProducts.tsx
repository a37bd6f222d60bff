import { Img } from '@/components/Img';
import { Price } from '@/components/Price';
import { priceOf } from '@/lib/money';
import { productPath } from '@/lib/products';
import { Link } from '@/lib/router';
import type { Currency, Product } from '../types';
import styles from './catalog.module.css';

/**
 * The linked-product picker (docs/spec.md section 2 "Product page"): this product and its linked
 * products (WooCommerce upsells, e.g. the wired and the wireless version), each a link to its
 * page; the current one is marked.
 */
export function LinkedProducts({ product, linked, currency }: { product: Product; linked: Product[]; currency: Currency }) {
  if (linked.length === 0) return null;
  const all = [product, ...linked.filter((p) => p.id !== product.id)];
  return (
    <nav className={styles.linked} aria-label="Versions">
      <p className={styles.pickerLegend} aria-hidden="true">
        Version: <strong>{product.name}</strong>
      </p>
      <ul className={styles.linkedList}>
        {all.map((p) => {
          const image = p.images?.[0];
          const current = p.id === product.id;
          return (
            <li key={p.id}>
              <Link to={productPath(p)} className={styles.linkedItem} aria-current={current ? 'page' : undefined}>
                {image && <Img src={image.src} alt="" width={48} height={48} />}
                <span className={styles.linkedName}>{p.name}</span>
                <Price info={priceOf(p, currency)} currency={currency} from={(p.variations?.length ?? 0) > 1} className={styles.linkedPrice} />
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
