/** Public API of the cart feature. */
export { useCartStore, selectItemCount } from './store/cartStore';
export { CartPage } from './components/CartPage';
export type { CartLine, CartCountry } from './types';
