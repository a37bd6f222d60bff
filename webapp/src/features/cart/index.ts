/** Public API of the cart feature. */
export { useCartStore, selectItemCount, selectCart, selectNotice } from './store/cartStore';
export type { CommandOutcome, AddOptions } from './store/commandsSlice';
export { CartPage } from './components/CartPage';
export { useCartSync } from './hooks/useCartSync';
export type { CartView, LineView, CartCountry, CartCommand } from './types';
