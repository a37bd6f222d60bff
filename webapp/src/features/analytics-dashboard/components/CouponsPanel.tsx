import type { CouponRefusal } from '../types';
import { formatCount, formatShare } from './format';
import { Empty, Panel, TableWrap } from './Panel';
import styles from './Dashboard.module.css';

/** How the table names refusals of codes that do not exist (the text typed is never kept: it may be personal data). */
export const UNKNOWN_CODE = 'A code that does not exist';

/**
 * Refused coupons in the range by code and reason (docs/spec.md section 2.15): how often, in how
 * many carts, and how many of those carts ordered after the refusal.
 */
export function CouponsPanel({ refusals }: { refusals: CouponRefusal[] }) {
  return (
    <Panel title="Refused coupons">
      {refusals.length === 0 ? (
        <Empty>No coupon was refused in this range.</Empty>
      ) : (
        <TableWrap label="Refused coupons table">
          <table className={styles.table}>
            <thead>
              <tr>
                <th scope="col">Coupon</th>
                <th scope="col">Reason</th>
                <th scope="col" className={styles.num}>
                  Refusals
                </th>
                <th scope="col" className={styles.num}>
                  Carts
                </th>
                <th scope="col" className={styles.num}>
                  Ordered later
                </th>
              </tr>
            </thead>
            <tbody>
              {refusals.map((r) => (
                <tr key={`${r.coupon_code}-${r.refusal_code}`}>
                  <th scope="row" className={r.coupon_code ? styles.mono : undefined}>
                    {r.coupon_code || UNKNOWN_CODE}
                  </th>
                  <td className={styles.mono}>{r.refusal_code || '–'}</td>
                  <td className={styles.num}>{formatCount(r.refusals)}</td>
                  <td className={styles.num}>{formatCount(r.carts)}</td>
                  <td className={styles.num}>
                    {formatCount(r.carts_ordered_after)} ({formatShare(r.carts_ordered_after, r.carts)})
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableWrap>
      )}
    </Panel>
  );
}
