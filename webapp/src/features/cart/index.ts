/** Public API of the cart feature. */
export { useCartStore, selectItemCount, selectCart, selectNotice } from './store/cartStore';
export type { CommandOutcome, AddOptions, ServerOutcome } from './store/commandsSlice';
/**
 * The cart page's module, loaded with the /cart route (not in the shopper's first load: every
 * other page needs only the store, the count and the sync).
 */
export const loadCartPage = () => import('./components/CartPage');
export type { CartPageProps } from './components/CartPage';
export type { EditConfigurationRequest } from './components/ConfiguredLine';
export { CouponForm } from './components/CouponForm';
export { CheckoutButton } from './components/CheckoutButton';
export { useCartSync } from './hooks/useCartSync';
export type { CartView, LineView, CartCountry, CartCommand, CartCoupon, PaymentIntent } from './types';
