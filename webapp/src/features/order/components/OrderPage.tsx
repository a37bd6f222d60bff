import { useEffect, useState } from 'react';
import { Spinner } from '@/components/Spinner';
import { paths } from '@/config/paths';
import { formatPostDate } from '@/lib/dates';
import { formatCents, taxLabel } from '@/lib/money';
import { orderKeyFor, saveOrderKey } from '@/lib/orderKeys';
import { Link } from '@/lib/router';
import { getOrder, type OrderResult } from '../api/getOrder';
import type { BillingAddress, Order, OrderAddress, PaymentInstructions, Shipment } from '../types';
import styles from './OrderPage.module.css';

interface Props {
  /** The order id: the wildcard part of /order/* (docs/spec.md section 2). */
  id: string;
  /** Arriving from checkout (docs/spec.md section 2 "Order page"). */
  received: boolean;
  /**
   * An order key from the link (its `#key=` fragment, or `?key=` of an old link): the checkout's
   * order key or the signed key of the confirmation mail's link; kept for later.
   */
  urlKey?: string | null;
}

/**
 * The order page (docs/spec.md section 2): 'Thanks, we've received your order!' when arriving from checkout,
 * else 'Order #{id}'; Order Number, Date, Total, Payment Method and Status, then how to pay (the
 * bank details, the exact amount, the order number as reference), the shipments, the lines (pre-orders
 * marked), each refund under the total with the net total after them (docs/spec.md section 2.12) and the addresses with the country's name (docs/spec.md section 2.12). Readable with the
 * buyer's order key (saved at checkout, per order; or the link's key, sent in the X-Order-Key header)
 * or a staff session.
 */
export function OrderPage({ id, received, urlKey = null }: Props) {
  // The answer for this order and key; another order (or key) shows nothing until its own lands.
  const asked = `${id}|${urlKey ?? ''}`;
  const [answered, setAnswered] = useState<{ asked: string; result: OrderResult } | null>(null);
  const result = answered?.asked === asked ? answered.result : null;

  useEffect(() => {
    if (urlKey) saveOrderKey(id, urlKey);
    const controller = new AbortController();
    getOrder(id, urlKey ?? orderKeyFor(id), controller.signal)
      .then((answer) => {
        if (!controller.signal.aborted) setAnswered({ asked, result: answer });
      })
      .catch(() => {}); // aborted
    return () => controller.abort();
  }, [asked, id, urlKey]);

  const heading = received ? "Thanks, we've received your order!" : `Order #${id}`;

  return (
    <div className={`container section ${styles.page}`}>
      <h1>{heading}</h1>
      {result === null && <Spinner label="Loading your order" size={24} />}
      {result?.kind === 'not_found' && (
        <div className={styles.message} role="alert">
          <p>We could not find this order. Open it from the browser you ordered with, or from the link in your confirmation email.</p>
          <Link to={paths.home} className="button button--ghost">
            Back to the shop
          </Link>
        </div>
      )}
      {result?.kind === 'error' && (
        <p className={styles.message} role="alert">
          The order could not be loaded. Please try again in a moment.
        </p>
      )}
      {result?.kind === 'ok' && <OrderDetails order={result.order} />}
    </div>
  );
}

function OrderDetails({ order }: { order: Order }) {
  const money = (cents: number) => formatCents(cents, order.currency);
  return (
    <>
      <ul className={styles.overview} aria-label="Order overview">
        <li>
          Order Number: <strong data-testid="order-number">{order.number}</strong>
        </li>
        <li>
          Date: <strong data-testid="order-date">{formatPostDate(order.date_created)}</strong>
        </li>
        <li>
          Total: <strong data-testid="order-total">{money(order.total)}</strong>
        </li>
        <li>
          Payment Method: <strong data-testid="order-payment-method">{order.payment_method_title}</strong>
        </li>
        <li>
          Status: <strong data-testid="order-status">{order.status_label || statusLabel(order.status)}</strong>
        </li>
      </ul>
      {order.preorder && (
        <p className={styles.notice} data-testid="order-preorder">
          This order includes pre-order items. We ship them as soon as they are in stock.
        </p>
      )}
      {order.support_reference && (
        <p className="muted">
          <small>
            Support reference: <code data-testid="order-support-reference">{order.support_reference}</code>
          </small>
        </p>
      )}

      {order.payment_instructions && (
        <Instructions instructions={order.payment_instructions} number={order.number} fallbackCurrency={order.currency} />
      )}

      {(order.shipments ?? []).length > 0 && <Shipments shipments={order.shipments ?? []} />}

      <section aria-labelledby="order-details">
        <h2 id="order-details">Order details</h2>
        <table className={styles.table}>
          <thead>
            <tr>
              <th scope="col">Product</th>
              <th scope="col">Total</th>
            </tr>
          </thead>
          <tbody>
            {order.lines.map((line, i) => (
              <tr key={`${line.product_id}-${line.variation_id ?? ''}-${i}`} data-testid="order-line">
                <td>
                  {line.name} <strong>× {line.count}</strong>
                  {line.preorder && <span className={styles.tag}>Pre-order</span>}
                </td>
                <td>{money(line.line_total)}</td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row">Subtotal:</th>
              <td>{money(order.subtotal)}</td>
            </tr>
            {order.discount > 0 && (
              <tr>
                <th scope="row">Discount{order.coupons.length > 0 ? ` (${order.coupons.map((c) => c.code).join(', ')})` : ''}:</th>
                <td data-testid="order-discount">−{money(order.discount)}</td>
              </tr>
            )}
            <tr>
              <th scope="row">Shipping:</th>
              <td>
                {order.shipping === 0 ? 'Free' : money(order.shipping)}
                {order.shipping_method_title ? <span className="muted"> via {order.shipping_method_title}</span> : null}
              </td>
            </tr>
            <tr>
              <th scope="row">Payment method:</th>
              <td>{order.payment_method_title}</td>
            </tr>
            <tr>
              <th scope="row">Total:</th>
              <td>
                {money(order.total)}
                {/* "(incl. 19% VAT: €40.23)"; nothing for a zero rate (docs/spec.md section 9 "Tax lines") */}
                {order.tax > 0 && taxLabel(order.tax_name, order.tax_rate_bp) ? (
                  <span className="muted">
                    {' '}
                    ({taxLabel(order.tax_name, order.tax_rate_bp)}: {money(order.tax)})
                  </span>
                ) : null}
              </td>
            </tr>
            {(order.refunds ?? []).map((r, i) => (
              <tr key={`${r.refunded_at}-${i}`} data-testid="order-refund">
                <th scope="row">{r.reason ? `${r.reason}:` : 'Refund:'}</th>
                <td>−{money(r.amount)}</td>
              </tr>
            ))}
            {(order.refunded ?? 0) > 0 && (
              <tr>
                <th scope="row">Net total:</th>
                <td data-testid="order-net-total">{money(order.total - (order.refunded ?? 0))}</td>
              </tr>
            )}
          </tfoot>
        </table>
      </section>

      {(order.shipping_address || order.billing) && (
        <section className={styles.addresses} aria-label="Addresses">
          {order.shipping_address && <Address title="Shipping address" address={order.shipping_address} />}
          {order.billing && <Address title="Billing address" address={order.billing} />}
        </section>
      )}
    </>
  );
}

/** WooCommerce's order statuses as the shopper reads them (the API answers `status_label`; this is its fallback). */
const STATUS_LABELS: Record<string, string> = {
  pending: 'Pending payment',
  'on-hold': 'On hold',
  processing: 'Processing',
  completed: 'Completed',
  cancelled: 'Cancelled',
  refunded: 'Refunded',
  failed: 'Failed',
};

/** "on-hold" -> "On hold"; an unknown status with its dashes as spaces, capitalised. */
export function statusLabel(status: string): string {
  const text = status.replace(/-/g, ' ');
  return STATUS_LABELS[status] ?? text.charAt(0).toUpperCase() + text.slice(1);
}

/** The parcels sent for the order: carrier, tracking number, date. */
function Shipments({ shipments }: { shipments: Shipment[] }) {
  return (
    <section aria-labelledby="order-shipments">
      <h2 id="order-shipments">Shipments</h2>
      <ul className={styles.shipments}>
        {shipments.map((s) => (
          <li key={`${s.carrier}-${s.tracking_number}`} data-testid="order-shipment">
            {s.carrier}: <code>{s.tracking_number}</code> <span className="muted">shipped {formatPostDate(s.shipped_at)}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * The payment instructions; for a bank transfer, "Our bank details" with the exact amount to transfer
 * and the order number as the payment reference.
 */
function Instructions({
  instructions,
  number,
  fallbackCurrency,
}: {
  instructions: PaymentInstructions;
  number: string;
  fallbackCurrency: Order['currency'];
}) {
  const amount = formatCents(instructions.amount, instructions.currency ?? fallbackCurrency);
  const rows: [string, string][] = [];
  if (instructions.account_name) rows.push(['Account name', instructions.account_name]);
  if (instructions.bank_name) rows.push(['Bank', instructions.bank_name]);
  if (instructions.iban) rows.push(['IBAN', instructions.iban]);
  if (instructions.bic) rows.push(['BIC', instructions.bic]);
  if (instructions.reference) rows.push(['Reference', instructions.reference]);
  rows.push(['Amount', amount]);
  return (
    <section className={styles.instructions} aria-label="Payment instructions">
      {instructions.text && <p>{instructions.text}</p>}
      <p data-testid="bank-transfer-summary">
        Please transfer exactly <strong>{amount}</strong> and use your order number <strong>{instructions.reference || number}</strong> as
        the payment reference.
      </p>
      {rows.length > 0 && (
        <>
          <h2>Our bank details</h2>
          <dl className={styles.bank}>
            {rows.map(([label, value]) => (
              <div key={label}>
                <dt>{label}</dt>
                <dd data-testid={`bank-${label.toLowerCase().replace(/\s+/g, '-')}`}>{value}</dd>
              </div>
            ))}
          </dl>
        </>
      )}
    </section>
  );
}

/** An address block: the shipping address, or the billing one with its email and phone. */
function Address({ title, address }: { title: string; address: OrderAddress & Partial<Pick<BillingAddress, 'email' | 'phone'>> }) {
  const lines = [
    [address.first_name, address.last_name].filter(Boolean).join(' '),
    address.company,
    address.address_1,
    address.address_2,
    [address.postcode, address.city].filter(Boolean).join(' '),
    [address.state, address.country_name || address.country].filter(Boolean).join(', '),
    address.phone,
    address.email,
  ].filter((line): line is string => Boolean(line));
  return (
    <div>
      <h2>{title}</h2>
      <address>
        {lines.map((line, i) => (
          <span key={i}>
            {line}
            <br />
          </span>
        ))}
      </address>
    </div>
  );
}
