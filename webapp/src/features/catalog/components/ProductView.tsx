import { useCallback, useMemo, useRef, useState, type ReactNode } from 'react';
import { Price } from '@/components/Price';
import { SafeHtml } from '@/components/SafeHtml';
import { Link } from '@/lib/router';
import { displayPrice, isConfigurable, isPreOrder } from '@/lib/products';
import type { ImageRef } from '@/types/api';
import { recommendationsInStock } from '../hooks/recommended';
import { useStock } from '../hooks/useStock';
import type { ColourSwatch, Currency, Product, Variation } from '../types';
import { BtnFade, btnFadeTexts } from './BtnFade';
import { BuyButton } from './BuyButton';
import { buyButtonState } from './buyButtonState';
import { ExternalBuyLink } from './ExternalBuyLink';
import { Gallery } from './Gallery';
import { GroupedProducts } from './GroupedProducts';
import { LinkedProducts } from './LinkedProducts';
import { RecommendedModal } from './RecommendedModal';
import { VariationPicker } from './VariationPicker';
import styles from './catalog.module.css';

interface Props {
  product: Product;
  variations: Variation[];
  swatches: ColourSwatch[];
  currency: Currency;
  /** acf.recommended_products as loaded; the modal offers those in stock. */
  recommended?: Product[];
  /** Linked products (other versions) for the picker. */
  linked?: Product[];
  /** A grouped product's children (`grouped_products`), listed instead of a buy button. */
  grouped?: Product[];
  /**
   * Adds to the cart (`recommendedBy`: the product whose recommendation the add follows).
   * Returns a message when the cart refused the add.
   */
  onAddToCart: (product: Product, variation: Variation | null, recommendedBy?: Product | null) => string | void;
  onCustomize: (product: Product) => void;
  /**
   * The shipping promise for the shopper's country, in its currency, under the buy button (the
   * app passes the country feature's; docs/spec.md section 2.3 "Shipping promise").
   */
  shippingPromise?: ReactNode;
}

/**
 * The product page hero (docs/spec.md section 2 "Product page"): gallery, title, short description,
 * price (a variable product shows its lowest variation price until one is picked), special
 * notice, variation picker, linked-product picker, buy buttons and the variation hint. After an
 * add and its 1500 ms tick, the recommended-products modal opens when recommendations are in
 * stock (docs/spec.md section 4), without the products just added. A grouped product lists its
 * children, each with its own buy button, and has no price or buy button of its own; an
 * external product's button links out to the shop that sells it (docs/spec.md sections 10.1
 * and 10.2).
 */
export function ProductView({ product: listed, variations, swatches, currency, recommended = [], linked = [], grouped = [], onAddToCart, onCustomize, shippingPromise }: Props) {
  const { loading, stock } = useStock(listed.id);
  const product = useMemo<Product>(() => (stock ? { ...listed, stock_status: stock.stock_status } : listed), [listed, stock]);
  const [variation, setVariation] = useState<Variation | null>(null);
  const [hint, setHint] = useState('');
  const [added, setAdded] = useState<ReadonlySet<number>>(() => new Set());
  const [modalOpen, setModalOpen] = useState(false);
  const buyButton = useRef<HTMLButtonElement>(null);
  const offers = useMemo(() => recommendationsInStock(recommended, product, added), [recommended, product, added]);
  const markAdded = useCallback((id: number) => setAdded((s) => new Set([...s, id])), []);

  const images = useMemo<ImageRef[]>(() => {
    const base = product.images ?? [];
    const src = variation?.image?.src;
    if (!src || base.some((i) => i.src === src)) return base;
    return [{ src, alt: `${product.name}, ${(variation.attributes ?? []).map((a) => a.option).join(' ')}`, width: 800, height: 800 }, ...base];
  }, [product, variation]);

  const price = displayPrice(product, currency, variations, variation);
  const isGrouped = product.type === 'grouped';
  const sellsHere = !isGrouped && product.type !== 'external';
  const category = product.categories?.[0];
  const needsVariation = variations.length > 0;
  const both = Boolean(product.acf?.show_both_configure_and_buy) && isConfigurable(product);
  const preOrder = isPreOrder(variation ?? product);
  const notice = product.acf?.special_notice;
  const fadeTexts = btnFadeTexts(product.acf?.btn_fade, buyButtonState(product, { stockLoading: loading, variation, ignoreConfigurable: both }).label);

  const add = () => {
    if (needsVariation && !variation) {
      setHint('Please select a variation first.');
      return false;
    }
    const refused = onAddToCart(product, variation);
    setHint(refused || '');
    if (!refused) markAdded(product.id);
    return !refused;
  };
  const afterTick = () => {
    if (recommendationsInStock(recommended, product, new Set([...added, product.id])).length > 0) setModalOpen(true);
  };

  return (
    <div className={`container ${styles.product}`}>
      <Gallery images={images} name={product.name} />
      <div className={styles.productInfo}>
        {category && (
          <Link className={styles.productCategory} to={`/${category.slug}`}>
            {category.name}
          </Link>
        )}
        <h1 className={styles.productTitle}>{product.name}</h1>
        {(product.status === 'draft' || product.status === 'pending') && (
          <p className={styles.notice}>{product.status === 'draft' ? 'Draft' : 'Pending review'}: only staff can see this product.</p>
        )}
        <SafeHtml html={product.acf?.short_description || product.short_description} className={styles.productLead} />
        {!isGrouped && (
          <p className={styles.productPrice} data-testid="product-price">
            <Price info={price} currency={currency} from={needsVariation && !variation && variations.length > 1} />
            {price.onSale && <span className={styles.saleTag}>Sale</span>}
          </p>
        )}
        {notice?.text && (
          <p className={styles.notice} style={{ background: notice.background_colour ?? undefined, color: notice.text_colour ?? undefined }}>
            {notice.text}
          </p>
        )}
        <LinkedProducts product={product} linked={linked} currency={currency} />
        {needsVariation && (
          <VariationPicker
            product={product}
            variations={variations}
            swatches={swatches}
            value={variation}
            onChange={(v) => {
              setVariation(v);
              setHint('');
            }}
          />
        )}
        {isGrouped && <GroupedProducts items={grouped} currency={currency} onAdd={(child) => onAddToCart(child, null)} />}
        {product.type === 'external' && (
          <div className={styles.actions}>
            <ExternalBuyLink product={product} />
          </div>
        )}
        {sellsHere && (
          <div className={styles.actions}>
            {both && (
              <button type="button" className="button button--ghost button--block" onClick={() => onCustomize(product)}>
                Customize
              </button>
            )}
            <BuyButton
              product={product}
              variation={variation}
              stockLoading={loading}
              ignoreConfigurable={both}
              onAdd={add}
              onCustomize={() => onCustomize(product)}
              onTickEnd={afterTick}
              buttonRef={buyButton}
            />
          </div>
        )}
        {sellsHere && fadeTexts && <BtnFade texts={fadeTexts} />}
        {sellsHere && (
          <p className={styles.hint} role="status">
            {hint}
          </p>
        )}
        {sellsHere && preOrder && !loading && <p className={styles.preorder}>This item is on pre-order and ships as soon as new stock arrives.</p>}
        {typeof product.acf?.info_field === 'string' && product.acf.info_field && <p className={styles.infoField}>{product.acf.info_field}</p>}
        <ul className={styles.perks}>
          {shippingPromise && <li>{shippingPromise}</li>}
          <li>30-day returns</li>
          <li>2-year warranty</li>
        </ul>
      </div>
      {modalOpen && offers.length > 0 && (
        <RecommendedModal
          recommender={product}
          products={offers}
          currency={currency}
          onAdd={(item) => onAddToCart(item, null, product)}
          onAdded={(item) => markAdded(item.id)}
          onClose={() => setModalOpen(false)}
          returnFocusTo={buyButton}
        />
      )}
      {product.description && (
        <section className={styles.description} aria-labelledby="product-details">
          <h2 id="product-details">Details</h2>
          <SafeHtml html={product.description} className="rich-text" />
        </section>
      )}
    </div>
  );
}
