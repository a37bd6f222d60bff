/** Public API of the checkout feature (issue 4; contract B endpoints). */
export { CheckoutPage } from './components/CheckoutPage';
export type { CheckoutCart } from './types';
