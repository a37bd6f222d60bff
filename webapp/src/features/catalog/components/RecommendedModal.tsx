import { useEffect, useId, useRef, useState, type RefObject } from 'react';
import { paths } from '@/config/paths';
import { Img } from '@/components/Img';
import { Modal } from '@/components/Modal';
import { Price } from '@/components/Price';
import { SafeHtml } from '@/components/SafeHtml';
import { focusableIn } from '@/components/useFocusTrap';
import { Link } from '@/lib/router';
import { productPath } from '@/lib/products';
import { recommendationDiscount, recommendedPrice } from '../hooks/recommended';
import type { Currency, Product } from '../types';
import { BuyButton } from './BuyButton';
import styles from './RecommendedModal.module.css';

interface Props {
  /** The product whose recommendations these are (its acf title, text and discount). */
  recommender: Product;
  /** Recommendations in stock, without the products just added. */
  products: Product[];
  currency: Currency;
  /** Adds `product` on `recommender`'s recommendation; returns a message when the cart refused. */
  onAdd: (product: Product) => string | void;
  /** After an add's tick: the product leaves the list. */
  onAdded: (product: Product) => void;
  onClose: () => void;
  /** Gets focus back on close (default: whatever had focus when the modal opened). */
  returnFocusTo?: HTMLElement | null | RefObject<HTMLElement | null>;
}

/**
 * The recommended-products modal (docs/spec.md section 4): opens after the add tick when the product
 * has recommended products in stock. A modal dialog (components/Modal): labelled by its title, focus
 * kept inside (Tab cycles), Escape or the backdrop closes it, and focus returns to the trigger.
 */
export function RecommendedModal({ recommender, products, currency, onAdd, onAdded, onClose, returnFocusTo }: Props) {
  const id = useId();
  const dialog = useRef<HTMLDivElement>(null);
  const [message, setMessage] = useState('');
  const acf = recommender.acf ?? {};
  const title = (typeof acf.recommended_products_title === 'string' && acf.recommended_products_title) || 'Recommended for you';
  const text = typeof acf.recommended_products_text_area === 'string' ? acf.recommended_products_text_area : '';
  const discount = recommendationDiscount(recommender);

  // An item that left the list may have had focus: keep focus inside the dialog (the Close button).
  useEffect(() => {
    if (dialog.current && !dialog.current.contains(document.activeElement)) focusableIn([dialog.current])[0]?.focus();
  }, [products.length]);

  return (
    <Modal
      ref={dialog}
      title={title}
      describedBy={text ? `${id}-text` : undefined}
      onClose={onClose}
      returnFocusTo={returnFocusTo}
      className={styles.dialog}
    >
      {text && (
        <div id={`${id}-text`} className={styles.text}>
          <SafeHtml html={text} />
        </div>
      )}
      <ul className={styles.list} aria-label="Recommended products">
        {products.map((product) => {
          const image = product.images?.[0];
          const variable = (product.variations?.length ?? 0) > 0;
          const nameId = `${id}-p${product.id}`;
          return (
            <li key={product.id} className={styles.item}>
              <div className={styles.media}>
                {image && <Img src={image.src} alt="" width={image.width ?? 800} height={image.height ?? 800} eager />}
              </div>
              <div className={styles.body}>
                <Link id={nameId} to={productPath(product)} className={styles.name} onClick={onClose}>
                  {product.name}
                </Link>
                <div className={styles.priceRow}>
                  <Price info={recommendedPrice(product, recommender, currency)} currency={currency} />
                  {discount > 0 && <span className={styles.discount}>−{discount} %</span>}
                </div>
              </div>
              <div className={styles.action}>
                {variable ? (
                  <Link to={productPath(product)} className="button button--ghost button--block" aria-describedby={nameId} onClick={onClose}>
                    Choose options
                  </Link>
                ) : (
                  <BuyButton
                    product={product}
                    describedBy={nameId}
                    onAdd={() => {
                      const refused = onAdd(product);
                      setMessage(refused || '');
                      return !refused;
                    }}
                    onTickEnd={() => onAdded(product)}
                  />
                )}
              </div>
            </li>
          );
        })}
      </ul>
      <p className={styles.message} role="status">
        {message}
      </p>
      <footer className={styles.footer}>
        <button type="button" className="button button--ghost" onClick={onClose}>
          Continue shopping
        </button>
        <Link to={paths.cart} className="button">
          Go to cart
        </Link>
      </footer>
    </Modal>
  );
}
