import { useId } from 'react';
import { Img } from '@/components/Img';
import { Price } from '@/components/Price';
import { MAX_CART_COUNT } from '@/config/site';
import { paths } from '@/config/paths';
import { Link, useNavigate } from '@/lib/router';
import { formatCents, priceOf, sumCents } from '@/lib/money';
import { productPath } from '@/lib/products';
import type { Currency } from '@/types/api';
import { useCartCatalogue } from '../hooks/useCartCatalogue';
import { includedTax, useTaxRate } from '../hooks/useIncludedTax';
import { cartSubtotal, lineIsPreOrder, lineTotal, lineUnitPrice, useCartStore } from '../store/cartStore';
import type { CartLine } from '../types';
import styles from './CartPage.module.css';

interface Props {
  currency: Currency;
  countryCode: string;
}

export function CartPage({ currency, countryCode }: Props) {
  const items = useCartStore((s) => s.items);
  const loading = useCartCatalogue();
  const navigate = useNavigate();
  const tax = useTaxRate(countryCode);

  if (items.length === 0) {
    return (
      <div className={`container section ${styles.empty}`}>
        <h1>Your cart is empty</h1>
        <p className="muted">Go find something you like.</p>
        <Link to={paths.home} className="button">
          Start shopping
        </Link>
      </div>
    );
  }

  const subtotal = cartSubtotal(items, currency);
  const savings = sumCents(
    items.map((line) => {
      const source = line.variation ?? line.product;
      if (!source) return 0;
      const info = priceOf(source, currency);
      return info.onSale && info.regular !== null ? (info.regular - info.price) * line.count : 0;
    }),
  );
  const anyCount = items.some((line) => line.count > 0);
  const preOrder = items.some((line) => line.count > 0 && lineIsPreOrder(line));
  const taxIncluded = tax ? includedTax(subtotal, tax.rate) : null;

  return (
    <div className={`container section ${styles.page}`}>
      <h1>Your cart</h1>
      <div className={styles.layout}>
        <section aria-label="Items in your cart">
          <ul className={styles.lines}>
            {items.map((line) => (
              <CartLineRow key={line.key} line={line} currency={currency} />
            ))}
          </ul>
        </section>
        <aside className={styles.summary} aria-labelledby="cart-summary">
          <h2 id="cart-summary">Summary</h2>
          <dl>
            <div>
              <dt>Subtotal</dt>
              <dd data-testid="cart-subtotal">{formatCents(subtotal, currency)}</dd>
            </div>
            {savings > 0 && (
              <div className={styles.savings}>
                <dt>You save</dt>
                <dd>{formatCents(savings, currency)}</dd>
              </div>
            )}
            <div>
              <dt>Shipping</dt>
              <dd className="muted">Calculated at checkout</dd>
            </div>
            <div className={styles.total}>
              <dt>Total</dt>
              <dd data-testid="cart-total">{formatCents(subtotal, currency)}</dd>
            </div>
            {tax && taxIncluded !== null && (
              <div className={styles.tax}>
                <dt>
                  Incl. {tax.name} ({Number(tax.rate)}%)
                </dt>
                <dd>{formatCents(taxIncluded, currency)}</dd>
              </div>
            )}
          </dl>
          {preOrder && (
            <p className={styles.preorder} role="note">
              Your cart contains pre-order items. They ship as soon as new stock arrives.
            </p>
          )}
          <button type="button" className="button button--block" disabled={!anyCount || loading} onClick={() => navigate(paths.checkout)}>
            Continue to checkout
          </button>
          <Link to={paths.home} className={styles.continue}>
            ← Continue shopping
          </Link>
        </aside>
      </div>
    </div>
  );
}

function CartLineRow({ line, currency }: { line: CartLine; currency: Currency }) {
  const id = useId();
  const setCount = useCartStore((s) => s.setCount);
  const remove = useCartStore((s) => s.remove);
  const { product, variation } = line;
  const unit = lineUnitPrice(line, currency);
  const total = lineTotal(line, currency);
  const name = product?.name ?? 'Loading…';
  const image = variation?.image?.src ? { src: variation.image.src, alt: '' } : product?.images?.[0];
  const options = (variation?.attributes ?? []).map((a) => `${a.name}: ${a.option}`);
  const extras = (line.configuration ?? []).map((c) => [c.layer_name, c.name].filter(Boolean).join(': '));
  const source = variation ?? product;

  return (
    <li className={styles.line} data-testid="cart-line" aria-busy={!product || undefined}>
      <div className={styles.lineImage}>{image && <Img src={image.src} alt="" width={96} height={96} />}</div>
      <div className={styles.lineInfo}>
        <h3 className={styles.lineName}>{product ? <Link to={productPath(product)}>{name}</Link> : name}</h3>
        {[...options, ...extras].length > 0 && <p className={styles.lineMeta}>{[...options, ...extras].join(' · ')}</p>}
        {lineIsPreOrder(line) && <p className={styles.lineBadge}>Pre-order</p>}
        <p className={styles.unit}>
          <span className="visually-hidden">Unit price </span>
          {source && unit !== null ? <Price info={{ ...priceOf(source, currency), price: unit }} currency={currency} /> : '–'}
        </p>
      </div>
      <div className={styles.lineControls}>
        <label htmlFor={id} className="visually-hidden">
          Quantity for {name}
        </label>
        <select id={id} className={styles.qty} value={line.count} onChange={(e) => setCount(line.key, Number(e.target.value))}>
          {Array.from({ length: MAX_CART_COUNT + 1 }, (_, n) => (
            <option key={n} value={n}>
              {n}
            </option>
          ))}
        </select>
        {line.count === 0 && (
          <button type="button" className={styles.remove} onClick={() => remove(line.key)}>
            Remove
          </button>
        )}
      </div>
      <p className={styles.lineTotal} data-testid="line-subtotal">
        <span className="visually-hidden">Line subtotal </span>
        {total !== null ? formatCents(total, currency) : '–'}
      </p>
    </li>
  );
}
