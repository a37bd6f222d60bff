import { CartPage } from '@/features/cart';
import { SITE_NAME } from '@/config/site';

export function Component() {
  return (
    <>
      <title>{`Cart – ${SITE_NAME}`}</title>
      <CartPage />
    </>
  );
}
