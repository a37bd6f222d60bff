import { useState } from 'react';
import { paths } from '@/config/paths';
import { useNavigate } from '@/lib/router';
import { useCartStore } from '../store/cartStore';
import styles from './CouponForm.module.css';

/**
 * 'Continue to checkout' (docs/spec.md section 4): disabled while working or when all counts are 0. On click the
 * server cart is made to match the shopper's (start_checkout with lines, one atomic command that
 * records CheckoutStarted), then the browser goes to /checkout with currency and country.
 */
export function CheckoutButton({ className = 'button button--block' }: { className?: string }) {
  const anyCount = useCartStore((s) => s.cart.lines.some((line) => line.count > 0));
  const handOff = useCartStore((s) => s.handOff);
  const navigate = useNavigate();
  const [working, setWorking] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function onClick() {
    if (working) return;
    setWorking(true);
    setError(null);
    const answer = await handOff();
    if (answer.ok) {
      const { currency, country } = useCartStore.getState().cart;
      void navigate(paths.checkoutWith({ currency, country: country.code }));
      return;
    }
    setWorking(false);
    setError(answer.message);
  }

  return (
    <>
      <button type="button" className={className} disabled={working || !anyCount} aria-busy={working} onClick={() => void onClick()}>
        {working && <span className="spinner" aria-hidden="true" style={{ width: 14, height: 14, marginRight: 8 }} />}
        Continue to checkout
      </button>
      {error && (
        <p className={styles.error} role="alert">
          {error}
        </p>
      )}
    </>
  );
}
