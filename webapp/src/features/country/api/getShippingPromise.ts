import { apiPaths } from '@/config/paths';
import { getJson } from '@/lib/http';
import type { Schemas } from '@/types/api';

/**
 * GET /api/checkout/shipping-promise answer: what shipping to `country` costs at best, in its
 * `currency` (minor units): free from `free_over` (inclusive; null: never), else from `cost_from`.
 */
export type ShippingPromise = Schemas['ShippingPromiseOut'];

const asked = new Map<string, Promise<ShippingPromise | null>>();
const known = new Map<string, ShippingPromise | null>();

/** The promise already fetched for `country`, if any (undefined: not asked yet or still on its way). */
export function knownShippingPromise(country: string): ShippingPromise | null | undefined {
  return known.get(country.toUpperCase());
}

/**
 * The shipping promise for `country`, fetched once per country and page load (docs/spec.md
 * section 2.3 "Shipping promise"); null when the read fails (docs/spec.md section 8: failed reads are
 * logged and give an empty result).
 */
export function getShippingPromise(country: string): Promise<ShippingPromise | null> {
  const code = country.toUpperCase();
  let pending = asked.get(code);
  if (!pending) {
    pending = getJson<ShippingPromise | null>(apiPaths.shippingPromise(code), null).then((answer) => {
      const promise = answer && typeof answer.currency === 'string' && answer.country === code ? answer : null;
      known.set(code, promise);
      if (promise === null) asked.delete(code); // try again on the next page
      return promise;
    });
    asked.set(code, pending);
  }
  return pending;
}

/** Forget every fetched promise (tests). */
export function resetShippingPromises(): void {
  asked.clear();
  known.clear();
}
