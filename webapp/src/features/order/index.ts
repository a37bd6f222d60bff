/** Public API of the order feature (spec 2 "Order page"). */
export { OrderPage } from './components/OrderPage';
