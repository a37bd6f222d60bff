import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { createPortal } from 'react-dom';
import { CloseIcon } from '@/components/icons';
import { paths } from '@/config/paths';
import { Img } from '@/components/Img';
import { Price } from '@/components/Price';
import { SafeHtml } from '@/components/SafeHtml';
import { Link } from '@/lib/router';
import { productPath } from '@/lib/products';
import { recommendationDiscount, recommendedPrice } from '../hooks/recommended';
import type { Currency, Product } from '../types';
import { BuyButton } from './BuyButton';
import styles from './RecommendedModal.module.css';

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

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
  returnFocusTo?: HTMLElement | null;
}

/**
 * The recommended-products modal (spec section 4): opens after the add tick when the product
 * has recommended products in stock. A modal dialog: labelled by its title, focus kept inside
 * (Tab cycles), Escape or the backdrop closes it, and focus returns to the trigger.
 */
export function RecommendedModal({ recommender, products, currency, onAdd, onAdded, onClose, returnFocusTo }: Props) {
  const id = useId();
  const dialog = useRef<HTMLDivElement>(null);
  const closeButton = useRef<HTMLButtonElement>(null);
  const [message, setMessage] = useState('');
  const acf = recommender.acf ?? {};
  const title = (typeof acf.recommended_products_title === 'string' && acf.recommended_products_title) || 'Recommended for you';
  const text = typeof acf.recommended_products_text_area === 'string' ? acf.recommended_products_text_area : '';
  const discount = recommendationDiscount(recommender);

  useEffect(() => {
    const previous = returnFocusTo ?? (document.activeElement as HTMLElement | null);
    const overflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    closeButton.current?.focus();
    return () => {
      document.body.style.overflow = overflow;
      if (previous && previous.isConnected) previous.focus();
    };
    // Once per opening: the trigger is the element focused when the modal mounted.
  }, []);

  // An item that left the list may have had focus: keep focus inside the dialog.
  useEffect(() => {
    if (dialog.current && !dialog.current.contains(document.activeElement)) closeButton.current?.focus();
  }, [products.length]);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape') {
      event.stopPropagation();
      onClose();
      return;
    }
    if (event.key !== 'Tab' || !dialog.current) return;
    const focusable = [...dialog.current.querySelectorAll<HTMLElement>(FOCUSABLE)];
    if (focusable.length === 0) return;
    const first = focusable[0];
    const last = focusable[focusable.length - 1];
    if (event.shiftKey && (document.activeElement === first || !dialog.current.contains(document.activeElement))) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  };

  return createPortal(
    <div className={styles.backdrop} onMouseDown={(e) => e.target === e.currentTarget && onClose()}>
      <div
        ref={dialog}
        className={styles.dialog}
        role="dialog"
        aria-modal="true"
        aria-labelledby={`${id}-title`}
        aria-describedby={text ? `${id}-text` : undefined}
        onKeyDown={onKeyDown}
      >
        <header className={styles.header}>
          <h2 id={`${id}-title`} className={styles.title}>
            {title}
          </h2>
          <button ref={closeButton} type="button" className={styles.close} aria-label="Close" onClick={onClose}>
            <CloseIcon />
          </button>
        </header>
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
      </div>
    </div>,
    document.body,
  );
}
