import { useCallback } from 'react';
import { CheckoutPage } from '@/features/checkout';
import { loadCouponForm, selectCart, useCartStore } from '@/features/cart';
import { CountrySelector } from '@/features/country';
import { SITE_NAME } from '@/config/site';
import { useRouteLoaderData } from '@/lib/router';
import type { RootData } from '../RootLayout';

// The coupon field is not in the shopper's first load; this route module resolves once it is here.
const { CouponForm } = await loadCouponForm();

/**
 * /checkout (docs/spec.md section 4; docs/checkout.md): the cart store supplies the cart, its token and whether commands are
 * still on their way; the country selector and the coupon field are the other features' own.
 */
export function Component() {
  const { countries } = useRouteLoaderData('root') as RootData;
  const cart = useCartStore(selectCart);
  const token = useCartStore((s) => s.token);
  const pending = useCartStore((s) => s.outbox.length > 0);
  const onPlaced = useCallback(() => {
    // The order consumed the server cart: take its state (the server decides what is left).
    void useCartStore.getState().refresh();
  }, []);

  return (
    <>
      <title>{`Checkout – ${SITE_NAME}`}</title>
      <CheckoutPage
        cart={cart}
        token={token}
        pending={pending}
        countrySelector={<CountrySelector countries={countries} label="Country / Region" />}
        couponForm={<CouponForm />}
        onPlaced={onPlaced}
      />
    </>
  );
}
