import type { Product } from '../types';

/** WooCommerce's default label of an external product's button (docs/spec.md section 10.2). */
export const EXTERNAL_BUTTON_TEXT = 'Buy product';

/**
 * An external product's buy button (docs/spec.md section 10.2): a link to `external_url` in a
 * new tab (`rel="noopener noreferrer"`) labelled with `button_text` ('Buy product' by default).
 * It never touches the cart; without an http(s) URL (none, or e.g. a `javascript:` one) it shows
 * a disabled button.
 */
export function ExternalBuyLink({ product }: { product: Pick<Product, 'external_url' | 'button_text'> }) {
  const label = product.button_text || EXTERNAL_BUTTON_TEXT;
  if (!/^https?:\/\//i.test(product.external_url ?? '')) {
    return (
      <button type="button" className="button button--block" disabled>
        {label}
      </button>
    );
  }
  return (
    <a className="button button--block" href={product.external_url} target="_blank" rel="noopener noreferrer" data-kind="external">
      {label}
    </a>
  );
}
