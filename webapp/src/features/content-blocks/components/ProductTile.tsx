import { Img } from '@/components/Img';
import { Price } from '@/components/Price';
import { priceOf } from '@/lib/money';
import { productPath } from '@/lib/products';
import { Link } from '@/lib/router';
import type { Currency, Product } from '@/types/api';
import styles from './more.module.css';

/** A product in related/trending blocks: image, name, price in the shown currency; links to its page (hidden ones to '/'). */
export function ProductTile({ product, currency }: { product: Product; currency: Currency }) {
  const image = product.images?.[0];
  return (
    <Link to={productPath(product)} className={styles.product}>
      <span className={styles.productMedia}>
        {image ? <Img src={image.src} alt="" width={image.width ?? 800} height={image.height ?? 800} /> : <span className={styles.noImage} />}
      </span>
      <span className={styles.productName}>{product.name}</span>
      <Price info={priceOf(product, currency)} currency={currency} from={(product.variations?.length ?? 0) > 0} className={styles.productPrice} />
    </Link>
  );
}
