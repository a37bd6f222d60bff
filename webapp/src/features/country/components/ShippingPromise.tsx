import { formatCents, formatWholeCents } from '@/lib/money';
import type { ShippingPromise as Promise_ } from '../api/getShippingPromise';
import { useShippingPromise } from '../hooks/useShippingPromise';

/**
 * The promise in the shopper's words and currency (docs/spec.md section 2.3 "Shipping promise"):
 * "Free shipping on orders over $150" when a method of the country's zone is free from a
 * threshold; "Free shipping" when one always is; "Shipping from €4.90" when none ever is; "We do
 * not ship to {country} yet" when nothing ships there.
 */
export function shippingPromiseText(promise: Promise_): string {
  const { currency } = promise;
  if (!promise.ships) return 'We do not ship to your country yet';
  if (promise.cost_from === 0) return 'Free shipping';
  if (promise.free_over !== null) return `Free shipping on orders over ${formatWholeCents(promise.free_over, currency)}`;
  return `Shipping from ${formatCents(promise.cost_from ?? 0, currency)}`;
}

/**
 * The shipping promise for the chosen country, read from the shipping rates (never a fixed
 * text). Until it is known it keeps its line with a non-breaking space, so nothing shifts when it
 * lands.
 */
export function ShippingPromise({ className }: { className?: string }) {
  const promise = useShippingPromise();
  return (
    <span className={className} data-testid="shipping-promise">
      {promise ? shippingPromiseText(promise) : '\u00a0'}
    </span>
  );
}
