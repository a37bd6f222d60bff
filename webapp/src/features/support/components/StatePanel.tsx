import { formatCents, formatRate } from '@/lib/money';
import type { CartState, SupportCurrency, TimelineEntry, TodayPrice } from '../types';
import { TableWrap } from './TableWrap';
import styles from './Support.module.css';

type Line = CartState['lines'][number];

/**
 * Today's unit price of a line's product in `currency` (minor units; the sale price when there is
 * one), or null when the product is unavailable or has no price in that currency.
 */
export function todayPriceOf(line: Pick<Line, 'product_id' | 'variation_id'>, today: TodayPrice[], currency: SupportCurrency): number | null {
  const price = today.find((p) => p.product_id === line.product_id && (p.variation_id ?? null) === (line.variation_id ?? null));
  if (!price || !price.available) return null;
  const pair = currency === 'USD' ? price.usd : price.eur;
  if (!pair) return null;
  return pair.sale ?? pair.regular;
}

/**
 * The cart as the shopper saw it after `entry` (docs/spec.md section 2.14): its lines with the
 * unit price as seen and today's price, then subtotal, discount, included tax, total, coupons,
 * country, currency, pre-order and checkout flags. Amounts in minor units of the cart's currency.
 */
export function StatePanel({ entry, today }: { entry: TimelineEntry; today: TodayPrice[] }) {
  const { state } = entry;
  const currency = state.currency;
  const money = (cents: number) => formatCents(cents, currency);
  const yesNo = (value: boolean) => (value ? 'Yes' : 'No');

  return (
    <section aria-labelledby="support-state" data-testid="support-state">
      <h2 id="support-state">Cart at version {entry.version}</h2>
      {state.lines.length === 0 ? (
        <p className={styles.muted}>The cart was empty.</p>
      ) : (
        <TableWrap label="Lines">
          <table className={styles.table}>
            <caption className="visually-hidden">Lines at version {entry.version}</caption>
            <thead>
              <tr>
                <th scope="col">Product</th>
                <th scope="col">SKU</th>
                <th scope="col">Count</th>
                <th scope="col">Unit price as seen</th>
                <th scope="col">Today</th>
                <th scope="col">Line total</th>
              </tr>
            </thead>
            <tbody>
              {state.lines.map((line) => {
                const now = todayPriceOf(line, today, currency);
                return (
                  <tr key={line.line_id} data-testid="support-line">
                    <th scope="row">
                      {line.name}
                      {line.variation_label ? <span className={styles.muted}> · {line.variation_label}</span> : null}
                      {line.preorder ? <span className={styles.badge}> pre-order</span> : null}
                    </th>
                    <td className={styles.mono}>{line.sku ?? '—'}</td>
                    <td>{line.count}</td>
                    <td data-testid="support-line-unit">{money(line.unit_price + line.extras)}</td>
                    <td data-testid="support-line-today">{now === null ? <span className={styles.muted}>unavailable</span> : money(now)}</td>
                    <td>{money(line.line_total)}</td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </TableWrap>
      )}
      <TableWrap label="Totals">
        <table className={styles.table}>
          <caption className="visually-hidden">Totals at version {entry.version}</caption>
          <tbody>
            <tr>
              <th scope="row">Subtotal</th>
              <td data-testid="support-subtotal">{money(state.totals.subtotal)}</td>
            </tr>
            <tr>
              <th scope="row">Discount</th>
              <td data-testid="support-discount">{state.totals.discount > 0 ? `−${money(state.totals.discount)}` : money(0)}</td>
            </tr>
            <tr>
              <th scope="row">
                Tax incl. ({state.tax.name || 'tax'} {formatRate(state.tax.rate_bp)}%)
              </th>
              <td>{money(state.totals.tax_included)}</td>
            </tr>
            <tr>
              <th scope="row">Total</th>
              <td data-testid="support-total">{money(state.totals.total)}</td>
            </tr>
            <tr>
              <th scope="row">Coupons</th>
              <td>
                {state.coupons.length === 0 ? 'none' : state.coupons.map((c) => `${c.code} (−${money(c.discount)})`).join(', ')}
              </td>
            </tr>
            <tr>
              <th scope="row">Country</th>
              <td>
                {state.country.name} ({state.country.code})
              </td>
            </tr>
            <tr>
              <th scope="row">Currency</th>
              <td>{currency}</td>
            </tr>
            <tr>
              <th scope="row">Pre-order</th>
              <td>{yesNo(state.totals.preorder)}</td>
            </tr>
            <tr>
              <th scope="row">Checkout started</th>
              <td>{yesNo(state.checkout_started)}</td>
            </tr>
          </tbody>
        </table>
      </TableWrap>
    </section>
  );
}
