import { useEffect, useState } from 'react';
import { getShippingPromise, knownShippingPromise, type ShippingPromise } from '../api/getShippingPromise';
import { useCountryStore } from '../store/countryStore';

/**
 * The shipping promise for the visitor's chosen country (docs/spec.md section 2.3 "Shipping
 * promise"): null until it is known, and again while a newly chosen country's is on its way (never
 * another country's figures in the wrong currency).
 */
export function useShippingPromise(): ShippingPromise | null {
  const code = useCountryStore((s) => s.code);
  const [fetched, setFetched] = useState<ShippingPromise | null>(() => knownShippingPromise(code) ?? null);
  useEffect(() => {
    let live = true;
    void getShippingPromise(code).then((promise) => {
      if (live) setFetched(promise);
    });
    return () => {
      live = false;
    };
  }, [code]);
  const current = fetched && fetched.country === code.toUpperCase() ? fetched : (knownShippingPromise(code) ?? null);
  return current;
}
