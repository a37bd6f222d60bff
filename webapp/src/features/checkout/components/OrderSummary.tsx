import { formatCents, taxLabel } from '@/lib/money';
import type { CheckoutCart, Quote, ShippingMethod } from '../types';
import styles from './CheckoutPage.module.css';

interface Props {
  cart: CheckoutCart;
  quote: Quote | null;
  loading: boolean;
  error: string | null;
  methods: ShippingMethod[];
  shippingMethod: string | null;
}

/**
 * The order's lines and totals. Totals are the server's quote; until it lands, the cart's own
 * (server-computed) subtotal, discount and total, with shipping still being calculated. A cart
 * of virtual items only says "No shipping needed" (docs/spec.md section 10.3).
 */
export function OrderSummary({ cart, quote, loading, error, methods, shippingMethod }: Props) {
  const currency = quote?.currency ?? cart.currency;
  const discount = quote?.discount ?? cart.totals.discount ?? 0;
  const method = methods.find((m) => m.id === shippingMethod);
  const coupons = quote?.coupons ?? cart.coupons ?? [];
  // "incl. 19% VAT"; no tax line at all for a zero rate (docs/spec.md section 9 "Tax lines")
  const tax = taxLabel(quote ? quote.tax_name : cart.tax.name, quote?.tax_rate_bp ?? cart.tax.rate_bp);
  // The sale saving, already in the subtotal, as its own line (docs/spec.md section 2.11); only
  // while the quote is in the cart's currency (the cart's regular prices are in that currency).
  const { on_sale: onSale, subtotal_regular: regular } = cart.totals;
  const saleSaving = onSale && regular !== undefined && currency === cart.currency ? regular - cart.totals.subtotal : 0;
  return (
    <div aria-busy={loading}>
      <ul className={styles.lines}>
        {cart.lines
          .filter((line) => line.count > 0)
          .map((line) => (
            <li key={line.line_id} data-testid="checkout-line">
              <span>
                {line.name}
                {line.variation_label ? <span className="muted"> · {line.variation_label}</span> : null} <strong>× {line.count}</strong>
              </span>
              <span>{formatCents(line.line_total, cart.currency)}</span>
            </li>
          ))}
      </ul>
      <dl className={styles.totals}>
        <div>
          <dt>Subtotal</dt>
          <dd data-testid="checkout-subtotal">{formatCents(quote?.subtotal ?? cart.totals.subtotal, currency)}</dd>
        </div>
        {saleSaving > 0 && (
          <div className={styles.discount}>
            <dt>You save (sale prices)</dt>
            <dd data-testid="checkout-sale-saving">{formatCents(saleSaving, currency)}</dd>
          </div>
        )}
        {discount > 0 && (
          <div className={styles.discount}>
            <dt>Discount{coupons.length > 0 ? ` (${coupons.map((c) => c.code).join(', ')})` : ''}</dt>
            <dd data-testid="checkout-discount">−{formatCents(discount, currency)}</dd>
          </div>
        )}
        {quote?.needs_shipping === false ? (
          <div>
            <dt>Shipping</dt>
            <dd data-testid="checkout-shipping">No shipping needed</dd>
          </div>
        ) : (
          <div>
            <dt>Shipping{method ? ` (${method.title})` : ''}</dt>
            <dd data-testid="checkout-shipping">{quote ? (quote.shipping === 0 ? 'Free' : formatCents(quote.shipping, currency)) : 'Calculating…'}</dd>
          </div>
        )}
        <div className={styles.total}>
          <dt>Total</dt>
          <dd data-testid="checkout-total">{formatCents(quote?.total ?? cart.totals.total, currency)}</dd>
        </div>
        {tax && (
          <div className={styles.tax}>
            <dt>{tax}</dt>
            <dd data-testid="checkout-tax">{formatCents(quote?.tax ?? cart.totals.tax_included, currency)}</dd>
          </div>
        )}
      </dl>
      {(quote?.coupon_refusals ?? []).map((refusal) => (
        <p key={refusal.code} className={styles.fieldError} role="alert">
          {refusal.message}
        </p>
      ))}
      {error && (
        <p className={styles.fieldError} role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
