import type { TopProduct } from '../types';
import { formatCount, formatDelta } from './format';
import { Empty, Panel, TableWrap } from './Panel';
import styles from './Dashboard.module.css';

/**
 * The 10 products with the most units added to carts in the range (docs/spec.md section 2.15): units
 * added and removed (as signed deltas), net, sold, and removed within a day of a price change.
 */
export function ProductsPanel({ products }: { products: TopProduct[] }) {
  return (
    <Panel title="Top products">
      {products.length === 0 ? (
        <Empty>No product was added to a cart in this range.</Empty>
      ) : (
        <TableWrap label="Top products table">
          <table className={styles.table}>
            <caption>By units added to carts</caption>
            <thead>
              <tr>
                <th scope="col">Product</th>
                <th scope="col">SKU</th>
                <th scope="col" className={styles.num}>
                  Added
                </th>
                <th scope="col" className={styles.num}>
                  Removed
                </th>
                <th scope="col" className={styles.num}>
                  Net
                </th>
                <th scope="col" className={styles.num}>
                  Sold
                </th>
                <th scope="col" className={styles.num}>
                  Removed after a price change
                </th>
              </tr>
            </thead>
            <tbody>
              {products.map((p) => (
                <tr key={p.product_id}>
                  <th scope="row">{p.name ?? `Product ${p.product_id} (no longer in the catalogue)`}</th>
                  <td className={styles.mono}>{p.sku ?? '–'}</td>
                  <td className={styles.num}>{formatDelta(p.adds)}</td>
                  <td className={styles.num}>{formatDelta(-p.removes)}</td>
                  <td className={styles.num}>{formatDelta(p.net_quantity)}</td>
                  <td className={styles.num}>{formatCount(p.units_sold)}</td>
                  <td className={styles.num}>{formatCount(p.removals_after_price_change)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableWrap>
      )}
    </Panel>
  );
}
