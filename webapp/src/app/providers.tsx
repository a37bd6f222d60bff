import { useEffect, type ReactNode } from 'react';
import { useCartStore } from '@/features/cart';
import { useCountryStore } from '@/features/country';

/** Keeps the cart's country and currency in step with the shipping-country selector (cart action set_country). */
function CountryToCart() {
  const code = useCountryStore((s) => s.code);
  const name = useCountryStore((s) => s.name);
  const currency = useCountryStore((s) => s.currency);
  const setCountry = useCartStore((s) => s.setCountry);
  useEffect(() => {
    setCountry({ code, name: name ?? undefined, currency });
  }, [code, name, currency, setCountry]);
  return null;
}

export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <>
      <CountryToCart />
      {children}
    </>
  );
}
