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
/**
 * The coupon field, loaded with the /checkout route (the cart page has its own copy in its chunk).
 * Page-only code is reached through loaders, never re-exported here: the build puts everything
 * this file re-exports into the first chunk (webapp/vite.config.ts, loadedFirst).
 */
export const loadCouponForm = () => import('./components/CouponForm');
export { useCartSync } from './hooks/useCartSync';
export type { CartView, LineView, CartCountry, CartCommand, CartCoupon, PaymentIntent } from './types';
