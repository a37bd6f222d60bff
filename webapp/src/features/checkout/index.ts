/** Public API of the checkout feature (docs/checkout.md). */
export { CheckoutPage } from './components/CheckoutPage';
export type { CheckoutCart } from './types';
