import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { paths } from '@/config/paths';
import { formatCents } from '@/lib/money';
import { saveOrderKey } from '@/lib/orderKeys';
import { Link, useNavigate } from '@/lib/router';
import { placeOrder } from '../api/checkoutApi';
import { attemptKey, endAttempt } from '../hooks/checkoutAttempt';
import { useQuote } from '../hooks/useQuote';
import { useShippingMethods } from '../hooks/useShippingMethods';
import type { CheckoutCart, CheckoutFields, ShippingMethod } from '../types';
import { Field } from './Field';
import { OrderSummary } from './OrderSummary';
import styles from './CheckoutPage.module.css';

interface Props {
  cart: CheckoutCart;
  /** The cart token (X-Cart-Token); null before the cart has one. */
  token: string | null;
  /** Cart commands are still on their way to the server: quote and Place order wait. */
  pending: boolean;
  /** The shipping country control (the country feature's selector): changing it re-prices. */
  countrySelector: ReactNode;
  /** The coupon field (the cart feature's). */
  couponForm: ReactNode;
  /** The order is placed (before the page moves to it): e.g. start a new cart. */
  onPlaced?: (orderId: string) => void;
}

type FieldErrors = Record<string, string>;

/** Field order of the form: the first one with a server message gets the focus. */
const FIELD_ORDER = ['email', 'first_name', 'last_name', 'company', 'country', 'address_1', 'address_2', 'city', 'state', 'postcode', 'phone', 'shipping_method', 'customer_note', 'payment_method', 'terms_accepted'];

const BACS_DESCRIPTION =
  'Make your payment directly into our bank account. Please use your Order ID as the payment reference. Your order will not be shipped until the funds have cleared in our account.';

/**
 * The method's cost for this order: "Free" at 0. `itemsTotal` (null: `cost` is already this
 * order's, from the quote) applies the free-over threshold to a list price.
 */
function methodPrice(method: ShippingMethod, itemsTotal: number | null): string {
  if (method.cost === 0 || (itemsTotal !== null && method.free_over !== null && itemsTotal >= method.free_over)) return 'Free';
  return formatCents(method.cost, method.currency);
}

/** A text field's trimmed value ('' when absent). */
const text = (data: FormData, name: string) => {
  const value = data.get(name);
  return typeof value === 'string' ? value.trim() : '';
};

/**
 * The checkout (docs/checkout.md): contact email, shipping address (country from the cart; changing it
 * re-prices), shipping method, coupon, order notes, payment method (bank transfer), terms, and
 * Place order. A cart of virtual items only (the quote's `needs_shipping` false) asks for billing
 * details only: no street, town, postcode or shipping method (docs/spec.md section 10.3). Every
 * field is validated on the server; its messages show next to the fields.
 * Totals come from the server's quote. Placing is idempotent: one Idempotency-Key per attempt.
 */
export function CheckoutPage({ cart, token, pending, countrySelector, couponForm, onPlaced }: Props) {
  const navigate = useNavigate();
  const formRef = useRef<HTMLFormElement>(null);
  const hasItems = cart.lines.some((line) => line.count > 0);
  const { methods, loading: methodsLoading } = useShippingMethods(cart.country.code, cart.currency, hasItems);
  const [chosen, setChosen] = useState<string | null>(null);
  const shippingMethod = methods.some((m) => m.id === chosen) ? chosen : (methods[0]?.id ?? null);
  const quote = useQuote({ token, country: cart.country.code, shippingMethod, version: cart.version, enabled: !pending && hasItems });
  const [placing, setPlacing] = useState(false);
  const placingRef = useRef(false); // a second submit before the re-render sees it at once
  const [errors, setErrors] = useState<FieldErrors>({});
  const [problem, setProblem] = useState<string | null>(null);
  const problemRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const first = FIELD_ORDER.find((name) => errors[name]);
    if (first) formRef.current?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
    else if (problem) problemRef.current?.focus();
  }, [errors, problem]);

  if (!hasItems) {
    return (
      <div className={`container section ${styles.empty}`}>
        <h1>Checkout</h1>
        <p className="muted">Your cart is empty.</p>
        <Link to={paths.home} className="button">
          Go find something you like.
        </Link>
      </div>
    );
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (placingRef.current || !token) return;
    const data = new FormData(event.currentTarget);
    const body: CheckoutFields = {
      email: text(data, 'email'),
      first_name: text(data, 'first_name'),
      last_name: text(data, 'last_name'),
      company: text(data, 'company') || undefined,
      address_1: text(data, 'address_1'),
      address_2: text(data, 'address_2') || undefined,
      city: text(data, 'city'),
      postcode: text(data, 'postcode'),
      state: text(data, 'state') || undefined,
      country: cart.country.code,
      phone: text(data, 'phone') || undefined,
      shipping_method: noShipping ? '' : (shippingMethod ?? ''),
      payment_method: 'bacs',
      terms_accepted: data.get('terms_accepted') === 'on',
      customer_note: text(data, 'customer_note') || undefined,
    };
    placingRef.current = true;
    setPlacing(true);
    setProblem(null);
    const result = await placeOrder(token, attemptKey(), body);
    placingRef.current = false;
    if (result.kind === 'placed') {
      endAttempt();
      saveOrderKey(result.orderId, result.orderKey);
      onPlaced?.(result.orderId);
      if (result.redirectUrl) window.location.assign(result.redirectUrl); // a hosted payment page
      // The key rides in the fragment (never sent to a server) and is remembered above.
      else void navigate(paths.order(result.orderId, result.orderKey), { replace: true, state: { received: true } });
      return;
    }
    setPlacing(false);
    if (result.kind === 'retry') {
      // Same attempt, same key: trying again can never make a second order.
      setErrors({});
      setProblem(result.message);
      return;
    }
    endAttempt();
    if (result.kind === 'invalid') {
      setErrors(result.fields);
      setProblem(Object.keys(result.fields).length > 0 ? null : result.message);
    } else {
      setErrors({});
      setProblem(result.message);
    }
  }

  // The quote's methods carry this order's costs; the list is the fallback until it lands.
  const current = quote.quote && quote.quote.country === cart.country.code && quote.quote.currency === cart.currency ? quote.quote : null;
  const quoted = Boolean(current?.shipping_methods?.length);
  const offered = quoted && current?.shipping_methods ? current.shipping_methods : methods;
  const itemsTotal = current ? current.subtotal - current.discount : cart.totals.total;
  // Every line virtual (the server's quote says so): billing details only, no address or
  // shipping method (docs/spec.md section 10.3).
  const noShipping = current?.needs_shipping === false;

  return (
    <div className={`container section ${styles.page}`}>
      <h1>Checkout</h1>
      {problem && (
        <div className={styles.problem} role="alert" tabIndex={-1} ref={problemRef}>
          {problem}
        </div>
      )}
      <div className={styles.layout}>
        <form ref={formRef} id="checkout-form" className={styles.form} onSubmit={(event) => void onSubmit(event)} noValidate aria-label="Checkout">
          <fieldset className={styles.group}>
            <legend>Contact information</legend>
            <Field name="email" label="Email address" type="email" autoComplete="email" required error={errors.email} />
          </fieldset>

          <fieldset className={styles.group}>
            <legend>{noShipping ? 'Billing details' : 'Shipping address'}</legend>
            <div className={styles.pair}>
              <Field name="first_name" label="First name" autoComplete="given-name" required error={errors.first_name} />
              <Field name="last_name" label="Last name" autoComplete="family-name" required error={errors.last_name} />
            </div>
            <Field name="company" label="Company name (optional)" autoComplete="organization" error={errors.company} />
            <div className={styles.country}>
              {countrySelector}
              <FieldError name="country" error={errors.country} />
            </div>
            {!noShipping && (
              <>
                <Field name="address_1" label="Street address" placeholder="House number and street name" autoComplete="address-line1" required error={errors.address_1} />
                <Field name="address_2" label="Apartment, suite, unit, etc. (optional)" autoComplete="address-line2" error={errors.address_2} />
                <div className={styles.pair}>
                  <Field name="postcode" label="Postcode / ZIP" autoComplete="postal-code" required error={errors.postcode} />
                  <Field name="city" label="Town / City" autoComplete="address-level2" required error={errors.city} />
                </div>
              </>
            )}
            <div className={styles.pair}>
              {!noShipping && <Field name="state" label="State / County (optional)" autoComplete="address-level1" error={errors.state} />}
              <Field name="phone" label="Phone (optional)" type="tel" autoComplete="tel" error={errors.phone} />
            </div>
          </fieldset>

          {!noShipping && (
            <fieldset className={styles.group} aria-describedby={errors.shipping_method ? 'checkout-shipping_method-error' : undefined}>
              <legend>Shipping method</legend>
              {methodsLoading && <p className="muted">Loading shipping methods…</p>}
              {!methodsLoading && methods.length === 0 && <p className="muted">No shipping methods are available for {cart.country.name}.</p>}
              <ul className={styles.choices}>
                {offered.map((method) => (
                  <li key={method.id}>
                    <label className={styles.choice}>
                      <input type="radio" name="shipping_method" value={method.id} checked={method.id === shippingMethod} onChange={() => setChosen(method.id)} />
                      <span>{method.title}</span>
                      <span className={styles.choicePrice}>{methodPrice(method, quoted ? null : itemsTotal)}</span>
                    </label>
                    {method.free_over !== null && method.cost > 0 && itemsTotal < method.free_over && (
                      <p className={styles.hint}>Free over {formatCents(method.free_over, method.currency)}</p>
                    )}
                  </li>
                ))}
              </ul>
              <FieldError name="shipping_method" error={errors.shipping_method} />
            </fieldset>
          )}

          <fieldset className={styles.group}>
            <legend>Additional information</legend>
            <Field name="customer_note" label="Order notes (optional)" multiline placeholder="Notes about your order, e.g. special notes for delivery." error={errors.customer_note} />
          </fieldset>

          <fieldset className={styles.group} aria-describedby={errors.payment_method ? 'checkout-payment_method-error' : undefined}>
            <legend>Payment method</legend>
            <label className={styles.choice}>
              <input type="radio" name="payment_method" value="bacs" defaultChecked />
              <span>Direct bank transfer</span>
            </label>
            <p className={styles.hint}>{BACS_DESCRIPTION}</p>
            <FieldError name="payment_method" error={errors.payment_method} />
          </fieldset>

          <div className={styles.terms}>
            <label className={styles.choice}>
              <input
                type="checkbox"
                name="terms_accepted"
                aria-invalid={errors.terms_accepted ? true : undefined}
                aria-describedby={errors.terms_accepted ? 'checkout-terms_accepted-error' : undefined}
              />
              <span>
                I have read and agree to the website{' '}
                <a href={paths.termsAndConditions} target="_blank" rel="noopener" data-testid="checkout-terms-link">
                  terms and conditions
                </a>
              </span>
            </label>
            <p className={styles.hint}>
              You can withdraw within 14 days (see our{' '}
              <a href={paths.rightOfWithdrawal} target="_blank" rel="noopener" data-testid="checkout-withdrawal-link">
                right of withdrawal
              </a>
              ); we handle your data as our{' '}
              <a href={paths.privacyPolicy} target="_blank" rel="noopener" data-testid="checkout-privacy-link">
                privacy policy
              </a>{' '}
              says. These links open in a new tab, so your checkout stays as it is.
            </p>
            <FieldError name="terms_accepted" error={errors.terms_accepted} />
          </div>

          <button type="submit" className="button button--block" disabled={placing || pending || !token} aria-busy={placing}>
            {placing && <span className="spinner" aria-hidden="true" style={{ width: 14, height: 14 }} />}
            Place order
          </button>
          <p className={styles.sync} aria-live="polite">
            {pending ? 'Saving your cart…' : placing ? 'Placing your order…' : ''}
          </p>
        </form>

        <aside className={styles.summary} aria-labelledby="checkout-summary">
          <h2 id="checkout-summary">Your order</h2>
          <OrderSummary cart={cart} quote={quote.quote} loading={quote.loading} error={quote.error} methods={methods} shippingMethod={shippingMethod} />
          {couponForm}
        </aside>
      </div>
    </div>
  );
}

/** A message under a checkout control that is not a Field (country, shipping, payment, terms); its id is checkout-{name}-error. */
function FieldError({ name, error }: { name: string; error: string | undefined }) {
  return error ? (
    <p className={styles.fieldError} id={`checkout-${name}-error`}>
      {error}
    </p>
  ) : null;
}
