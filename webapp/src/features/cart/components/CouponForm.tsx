import { useId, useState, type FormEvent } from 'react';
import { formatCents } from '@/lib/money';
import { useCartStore } from '../store/cartStore';
import type { CartCoupon } from '../types';
import styles from './CouponForm.module.css';

const NO_COUPONS: CartCoupon[] = [];

/** "1 minute", "9 minutes", "40 seconds", "2 hours": a wait in seconds in plain words (rounded up). */
function waitInWords(seconds: number): string {
  const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'}`;
  if (seconds < 60) return plural(Math.max(1, Math.ceil(seconds)), 'second');
  if (seconds < 3600) return plural(Math.ceil(seconds / 60), 'minute');
  return plural(Math.ceil(seconds / 3600), 'hour');
}

/**
 * What the shopper reads when the server refused a coupon: its message, or for too many refused
 * guesses (429 `rate_limited`, docs/operations.md "Security") the wait in plain words.
 */
function refusalText(answer: { code: string; message: string; retryAfter?: number }): string {
  if (answer.code !== 'rate_limited') return answer.message;
  if (answer.retryAfter === undefined) return 'Too many coupon attempts. Please try again later.';
  return `Too many coupon attempts. Please try again in ${waitInWords(answer.retryAfter)}.`;
}

/**
 * The coupon field (cart and checkout) and the applied coupons with Remove. Coupons are decided
 * by the server only (docs/spec.md section 5): the field waits for its answer and shows its message;
 * after too many refused guesses it says how long to wait. Email restrictions and per-user limits
 * are checked at checkout with the billing email (the quote lists a coupon they refuse); a "code"
 * with "@" is an email typed into the wrong field and is never sent (docs/events.md, "What events
 * never hold").
 */
export function CouponForm() {
  const id = useId();
  const coupons = useCartStore((s) => s.cart.coupons ?? NO_COUPONS);
  const currency = useCartStore((s) => s.cart.currency);
  const applyCoupon = useCartStore((s) => s.applyCoupon);
  const removeCoupon = useCartStore((s) => s.removeCoupon);
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ kind: 'error' | 'success'; text: string } | null>(null);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    if (!code.trim()) {
      setMessage({ kind: 'error', text: 'Please enter a coupon code.' });
      return;
    }
    if (code.includes('@')) {
      setMessage({ kind: 'error', text: "A coupon code never contains '@'. Please check the code." });
      return;
    }
    setBusy(true);
    setMessage(null);
    const answer = await applyCoupon(code);
    setBusy(false);
    if (answer.ok) {
      setCode('');
      setMessage({ kind: 'success', text: 'Coupon code applied successfully.' });
    } else {
      setMessage({ kind: 'error', text: refusalText(answer) });
    }
  }

  async function onRemove(coupon: string) {
    setBusy(true);
    setMessage(null);
    const answer = await removeCoupon(coupon);
    setBusy(false);
    setMessage(answer.ok ? { kind: 'success', text: 'Coupon has been removed.' } : { kind: 'error', text: answer.message });
  }

  return (
    <div className={styles.root}>
      <form className={styles.form} onSubmit={(event) => void onSubmit(event)} noValidate aria-busy={busy}>
        <label htmlFor={id} className={styles.label}>
          Coupon code
        </label>
        <div className={styles.row}>
          <input
            id={id}
            className={styles.input}
            name="coupon_code"
            value={code}
            autoComplete="off"
            spellCheck={false}
            aria-invalid={message?.kind === 'error' || undefined}
            aria-describedby={message ? `${id}-message` : undefined}
            onChange={(e) => setCode(e.target.value)}
          />
          <button type="submit" className="button button--ghost" disabled={busy}>
            Apply coupon
          </button>
        </div>
        <p id={`${id}-message`} className={message?.kind === 'error' ? styles.error : styles.success} role={message?.kind === 'error' ? 'alert' : 'status'}>
          {message?.text ?? ''}
        </p>
      </form>
      {coupons.length > 0 && (
        <ul className={styles.applied} aria-label="Applied coupons">
          {coupons.map((coupon) => (
            <li key={coupon.code} data-testid="applied-coupon">
              <span>
                Coupon: <strong>{coupon.code}</strong>
              </span>
              <span className={styles.amount}>−{formatCents(coupon.discount, currency)}</span>
              <button type="button" className={styles.remove} disabled={busy} onClick={() => void onRemove(coupon.code)} aria-label={`Remove coupon ${coupon.code}`}>
                [Remove]
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
