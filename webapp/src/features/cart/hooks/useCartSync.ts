import { useEffect, useEffectEvent, useState } from 'react';
import type { Country } from '@/types/api';
import { getTaxes } from '../api/taxes';
import { useCartStore } from '../store/cartStore';

/**
 * Starts the cart (load saved, fetch the server cart, flush the outboxes), teaches the rules the
 * shipping countries with their taxes, and sends set_country when the visitor picks another
 * country (the server decides currency and tax).
 */
export function useCartSync(countries: readonly Country[], countryCode: string): void {
  const init = useCartStore((s) => s.init);
  const rememberCountries = useCartStore((s) => s.rememberCountries);
  const setCountry = useCartStore((s) => s.setCountry);
  const didInit = useCartStore((s) => s.didInit);
  const cartCountry = useCartStore((s) => s.cart.country.code);
  const [taxesLoaded, setTaxesLoaded] = useState(false);

  useEffect(() => {
    void init();
  }, [init]);

  useEffect(() => {
    const controller = new AbortController();
    // getTaxes never rejects (a failed read gives no rates).
    void getTaxes(controller.signal).then((taxes) => {
      if (controller.signal.aborted) return;
      rememberCountries(countries, taxes);
      setTaxesLoaded(true);
    });
    return () => controller.abort();
  }, [countries, rememberCountries]);

  // Compares with the cart's country as it is now, without reacting to it: only a new choice (or
  // a newly loaded cart) sends set_country; a refusal, which keeps the cart's country, does not loop.
  const sendCountry = useEffectEvent((code: string) => {
    if (code && code !== cartCountry) setCountry(code);
  });
  useEffect(() => {
    if (didInit && taxesLoaded) sendCountry(countryCode);
  }, [countryCode, didInit, taxesLoaded]);
}
