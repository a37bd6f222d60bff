import { formatCents, type PriceInfo } from '@/lib/money';
import type { Currency } from '@/types/api';

interface Props {
  info: PriceInfo;
  currency: Currency;
  /** "From" prefix for variable products before a choice. */
  from?: boolean;
  className?: string;
}

/** A price in the visitor's currency; on sale, the regular price is shown struck through. */
export function Price({ info, currency, from = false, className }: Props) {
  return (
    <span className={['price', info.onSale ? 'price--sale' : '', className ?? ''].join(' ').trim()}>
      {from && <span className="price__from">From </span>}
      {info.onSale && info.regular !== null && (
        <del className="price__regular">
          <span className="visually-hidden">Regular price </span>
          {formatCents(info.regular, currency)}
        </del>
      )}
      <span className="price__current">
        {info.onSale && <span className="visually-hidden">Sale price </span>}
        {formatCents(info.price, currency)}
      </span>
    </span>
  );
}
