import { lazy, Suspense, useId } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { Img } from '@/components/Img';
import { Price } from '@/components/Price';
import { paths } from '@/config/paths';
import { Link } from '@/lib/router';
import { formatCents, formatRate, taxLabel } from '@/lib/money';
import { supportReference } from '@/lib/supportReference';
import type { CartCurrency, LineView } from '../types';
import { factsKey } from '../store/facts';
import { selectCart, selectNotice, selectPendingCount, useCartStore } from '../store/cartStore';
import { CheckoutButton } from './CheckoutButton';
import { CouponForm } from './CouponForm';
import { capReason, quantityChoices } from './quantity';
import type { EditConfigurationRequest } from './ConfiguredLine';
import styles from './CartPage.module.css';

// A configured line's parts load with the first configured line: the shopper's initial
// JavaScript stays as it was without the configurator (docs/targets.md section 4.7).
const configured = () => import('./ConfiguredLine');
const ConfiguredLineThumb = lazy(async () => ({ default: (await configured()).ConfiguredLineThumb }));
const ConfiguredLineChoices = lazy(async () => ({ default: (await configured()).ConfiguredLineChoices }));
const EditConfigurationButton = lazy(async () => ({ default: (await configured()).EditConfigurationButton }));

/** 1900 -> "19", 810 -> "8.1", 2050 -> "20.5" (lib/money). */
export { formatRate };

export interface CartPageProps {
  /**
   * Reopens the configurator for a configured line (docs/spec.md section 2.13): the app passes
   * the configurator's `openConfigurator` (a feature does not import another). Without it,
   * configured lines have no Edit button.
   */
  onEditConfiguration?: (request: EditConfigurationRequest) => void;
}

/** The cart page (docs/spec.md section 2 "Cart page"): every amount comes from the server's cart or the same rules. */
export function CartPage({ onEditConfiguration }: CartPageProps = {}) {
  const cart = useCartStore(selectCart);
  const notice = useCartStore(selectNotice);
  const pending = useCartStore(selectPendingCount);
  const dismiss = useCartStore((s) => s.dismissNotice);
  const { currency, totals, tax } = cart;
  const reference = cart.cart_id && supportReference(cart.cart_id);
  // "incl. 19% VAT"; a zero rate shows no tax line (docs/spec.md section 9 "Tax lines").
  const taxText = taxLabel(tax.name, tax.rate_bp);

  const noticeBox = notice && (
    <div className={styles.notice} role="alert">
      <span>{notice.message}</span>
      <button type="button" onClick={dismiss} aria-label="Dismiss">
        ×
      </button>
    </div>
  );

  if (cart.lines.length === 0) {
    return (
      <div className={`container section ${styles.empty}`}>
        {noticeBox}
        <h1>Your cart is empty</h1>
        <p className="muted">Go find something you like.</p>
        <Link to={paths.home} className="button">
          Start shopping
        </Link>
      </div>
    );
  }

  return (
    <div className={`container section ${styles.page}`}>
      <h1>Your cart</h1>
      {noticeBox}
      <p className={styles.sync} aria-live="polite" data-testid="cart-sync">
        {pending > 0 ? 'Saving your changes…' : ''}
      </p>
      <div className={styles.layout}>
        <section aria-labelledby="cart-items">
          {/* Headings in order (h1, h2, then each line's h3). */}
          <h2 id="cart-items" className="visually-hidden">
            Items in your cart
          </h2>
          <ul className={styles.lines}>
            {cart.lines.map((line) => (
              <CartLineRow key={line.line_id} line={line} capNote={capReason(line, cart.lines)} currency={currency} onEdit={onEditConfiguration} />
            ))}
          </ul>
        </section>
        <aside className={styles.summary} aria-labelledby="cart-summary">
          <h2 id="cart-summary">Summary</h2>
          <dl>
            <div>
              <dt>Subtotal</dt>
              <dd data-testid="cart-subtotal">{formatCents(totals.subtotal, currency)}</dd>
            </div>
            {/* One subtotal, at the prices paid; what the sale prices save is its own line (docs/spec.md section 2.11). */}
            {totals.on_sale && totals.subtotal_regular > totals.subtotal && (
              <div className={styles.savings}>
                <dt>You save (sale prices)</dt>
                <dd data-testid="cart-sale-saving">{formatCents(totals.subtotal_regular - totals.subtotal, currency)}</dd>
              </div>
            )}
            <div>
              <dt>Shipping</dt>
              <dd className="muted">Calculated at checkout</dd>
            </div>
            {(totals.discount ?? 0) > 0 && (
              <div className={styles.savings}>
                <dt>Discount</dt>
                <dd data-testid="cart-discount">−{formatCents(totals.discount ?? 0, currency)}</dd>
              </div>
            )}
            <div className={styles.total}>
              <dt>Total</dt>
              <dd data-testid="cart-total">{formatCents(totals.total, currency)}</dd>
            </div>
            {taxText && (
              <div className={styles.tax}>
                <dt>{taxText}</dt>
                <dd data-testid="cart-tax">{formatCents(totals.tax_included, currency)}</dd>
              </div>
            )}
          </dl>
          {totals.preorder && (
            <p className={styles.preorder} role="note">
              Your cart contains pre-order items. They ship as soon as new stock arrives.
            </p>
          )}
          <CouponForm />
          <CheckoutButton />
          <Link to={paths.home} className={styles.continue}>
            ← Continue shopping
          </Link>
        </aside>
      </div>
      {reference && (
        // What the shopper reads out to support (docs/spec.md section 2.14).
        <p className="muted">
          <small>
            Support reference: <code data-testid="cart-support-reference">{reference}</code>
          </small>
        </p>
      )}
    </div>
  );
}

interface LineRowProps {
  line: LineView;
  /** Why the selector stops below 10 ("Only 2 in stock"), or null. */
  capNote: string | null;
  currency: CartCurrency;
  onEdit?: (request: EditConfigurationRequest) => void;
}

function CartLineRow({ line, capNote, currency, onEdit }: LineRowProps) {
  const id = useId();
  const noteId = `${id}-cap`;
  const [setCount, remove] = useCartStore(useShallow((s) => [s.setCount, s.remove] as const));
  const known = useCartStore((s) => s.facts[factsKey(line.product_id, line.variation_id)]);
  const options = known?.options || line.variation_label;
  const chosen = line.configuration ?? [];
  const meta = [options].filter(Boolean);
  const onSale = line.unit_price < line.regular_price;

  return (
    <li className={styles.line} data-testid="cart-line" data-line-id={line.line_id}>
      <div className={styles.lineImage}>
        {chosen.length > 0 ? (
          <Suspense fallback={line.image && <Img src={line.image} alt="" width={96} height={96} />}>
            <ConfiguredLineThumb name={line.name} options={chosen} fallback={line.image} />
          </Suspense>
        ) : (
          line.image && <Img src={line.image} alt="" width={96} height={96} />
        )}
      </div>
      <div className={styles.lineInfo}>
        <h3 className={styles.lineName}>{known?.path ? <Link to={known.path}>{line.name}</Link> : line.name}</h3>
        {meta.length > 0 && <p className={styles.lineMeta}>{meta.join(' · ')}</p>}
        {chosen.length > 0 && (
          <Suspense fallback={null}>
            <ConfiguredLineChoices options={chosen} currency={currency} />
            {onEdit && <EditConfigurationButton line={line} onEdit={onEdit} />}
          </Suspense>
        )}
        {line.preorder && <p className={styles.lineBadge}>Pre-order</p>}
        <p className={styles.unit}>
          <span className="visually-hidden">Unit price </span>
          <Price info={{ price: line.unit_price + line.extras, regular: onSale ? line.regular_price + line.extras : null, onSale }} currency={currency} />
        </p>
      </div>
      <div className={styles.lineControls}>
        <label htmlFor={id} className="visually-hidden">
          Quantity for {line.name}
        </label>
        {/* Only the counts the rules allow: 0 to the line's cap (docs/spec.md section 2.11). */}
        <select
          id={id}
          className={styles.qty}
          value={line.count}
          aria-describedby={capNote ? noteId : undefined}
          onChange={(e) => setCount(line.line_id, Number(e.target.value))}
        >
          {quantityChoices(line).map((n) => (
            <option key={n} value={n}>
              {n}
            </option>
          ))}
        </select>
        {line.count === 0 && (
          <button type="button" className={styles.remove} onClick={() => remove(line.line_id)}>
            Remove
          </button>
        )}
        {capNote && (
          <p id={noteId} className={styles.capNote} data-testid="cart-cap-note">
            {capNote}
          </p>
        )}
      </div>
      <p className={styles.lineTotal} data-testid="line-subtotal">
        <span className="visually-hidden">Line subtotal </span>
        {formatCents(line.line_total, currency)}
      </p>
    </li>
  );
}
