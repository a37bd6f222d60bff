import type { ConfiguratorChoice } from '../types';
import { formatCount } from './format';
import { Empty, Panel, TableWrap } from './Panel';
import styles from './Dashboard.module.css';

/**
 * Configurator choices in the range (docs/spec.md section 2.15): per product, layer and choice, how
 * often it was in a configured line added, and the units added, removed and ordered with it.
 */
export function ChoicesPanel({ choices }: { choices: ConfiguratorChoice[] }) {
  return (
    <Panel title="Configurator choices">
      {choices.length === 0 ? (
        <Empty>No configured product was added in this range.</Empty>
      ) : (
        <TableWrap label="Configurator choices table">
          <table className={styles.table}>
            <thead>
              <tr>
                <th scope="col">Product</th>
                <th scope="col">Layer</th>
                <th scope="col">Choice</th>
                <th scope="col" className={styles.num}>
                  Selected
                </th>
                <th scope="col" className={styles.num}>
                  Added
                </th>
                <th scope="col" className={styles.num}>
                  Removed
                </th>
                <th scope="col" className={styles.num}>
                  Ordered
                </th>
              </tr>
            </thead>
            <tbody>
              {choices.map((c) => (
                <tr key={`${c.product_id}-${c.layer_id}-${c.choice_id}`}>
                  <td>{c.product_name ?? `Product ${c.product_id}`}</td>
                  <td>{c.layer_name}</td>
                  <th scope="row">{c.choice_name}</th>
                  <td className={styles.num}>{formatCount(c.selected)}</td>
                  <td className={styles.num}>{formatCount(c.added)}</td>
                  <td className={styles.num}>{formatCount(c.removed)}</td>
                  <td className={styles.num}>{formatCount(c.ordered)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableWrap>
      )}
    </Panel>
  );
}
