import { Carousel, CAROUSEL } from '@/components/carousel';
import { columnsForWidth } from '@/lib/columns';
import type { Product } from '@/types/api';
import type { BlockProps } from '../types';
import { getProductsByIds } from '../api/getProducts';
import { useBlockEnvironment } from '../hooks/blockEnvironment';
import { useBlockData } from '../hooks/useBlockData';
import { readIds, text } from './fields';
import { ProductTile } from './ProductTile';
import columns from '@/components/productColumns.module.css';
import styles from './more.module.css';

/** docs/spec.md section 2: the trending slider shows more products at container widths 400, 800, 1200 and 1600 px. */
export const TRENDING_THRESHOLDS = [400, 800, 1200, 1600] as const;
export const trendingPerView = (width: number) => columnsForWidth(width, TRENDING_THRESHOLDS);

function useProducts(block: BlockProps['block']) {
  const ids = readIds(block.product_ids ?? block.products);
  return { ids, ...useBlockData<Product[]>(ids.join(','), (signal) => getProductsByIds(ids, signal), []) };
}

/** `related_products`: a grid of the listed products (1 to 4 per row). */
export function RelatedProducts({ block }: BlockProps) {
  const { currency } = useBlockEnvironment();
  const { ids, data, loading } = useProducts(block);
  if (ids.length === 0 || (!loading && data.length === 0)) return null;
  const title = text(block.title) || 'Related products';
  return (
    <section className="container section" aria-busy={loading || undefined}>
      <h2>{title}</h2>
      <div className={columns.box}>
      <ul className={`${columns.columns} ${styles.products}`}>
        {loading
          ? ids.slice(0, 4).map((id) => <li key={id} className={styles.productSkeleton} aria-hidden="true" />)
          : data.map((product) => (
              <li key={product.id}>
                <ProductTile product={product} currency={currency} />
              </li>
            ))}
      </ul>
      </div>
    </section>
  );
}

/** `trending_products`: the listed products in a slider (thresholds 400/800/1200/1600, autoplay 10000 ms). */
export function TrendingProducts({ block }: BlockProps) {
  const { currency } = useBlockEnvironment();
  const { ids, data, loading } = useProducts(block);
  if (ids.length === 0 || (!loading && data.length === 0)) return null;
  const title = text(block.title) || 'Trending';
  return (
    <section className="container section" aria-busy={loading || undefined}>
      <h2>{title}</h2>
      {loading ? (
        <div className={styles.productSkeleton} aria-hidden="true" />
      ) : (
        <Carousel label={title} perView={trendingPerView} autoplay={CAROUSEL.slowAutoplayMs}>
          {data.map((product) => (
            <ProductTile key={product.id} product={product} currency={currency} />
          ))}
        </Carousel>
      )}
    </section>
  );
}
