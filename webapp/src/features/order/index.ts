/** Public API of the order feature (docs/spec.md section 2 "Order page"). */
export { OrderPage } from './components/OrderPage';
