import { paths } from '@/config/paths';
import { CartIcon } from '@/components/icons';
import { Link } from '@/lib/router';
import styles from './Header.module.css';

/** The cart icon; the item count shows only when above 0. */
export function CartLink({ count }: { count: number }) {
  const label = count > 0 ? `Cart, ${count} ${count === 1 ? 'item' : 'items'}` : 'Cart';
  return (
    <Link to={paths.cart} className={styles.cart} aria-label={label}>
      <CartIcon />
      {count > 0 && (
        <span className={styles.cartCount} aria-hidden="true" data-testid="cart-count">
          {count}
        </span>
      )}
    </Link>
  );
}
