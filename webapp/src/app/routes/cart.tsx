import { CartPage } from '@/features/cart';
import { useCountryStore } from '@/features/country';
import { SITE_NAME } from '@/config/site';

export function Component() {
  const currency = useCountryStore((s) => s.currency);
  const code = useCountryStore((s) => s.code);
  return (
    <>
      <title>{`Cart – ${SITE_NAME}`}</title>
      <CartPage currency={currency} countryCode={code} />
    </>
  );
}
