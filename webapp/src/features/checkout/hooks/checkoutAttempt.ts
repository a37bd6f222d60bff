/**
 * One Idempotency-Key per checkout attempt (docs/api.md, idempotency keys): made on the first "Place order", reused
 * for every retry of that attempt (double click, network error, 5xx, a reload while waiting)
 * and ended by a definitive answer (placed, or a refusal the shopper must act on). Kept in
 * session storage so a reload during a lost answer still cannot make a second order.
 */
import { uuid4 } from '@/lib/ids';

export const ATTEMPT_STORAGE_KEY = 'checkout-attempt';
let memory: string | null = null;

/** The key of the current attempt, made now when there is none. */
export function attemptKey(): string {
  let key: string | null = memory;
  try {
    key = sessionStorage.getItem(ATTEMPT_STORAGE_KEY) ?? key;
  } catch (error) {
    console.warn('could not read the checkout attempt', error);
  }
  if (!key) {
    key = uuid4();
    try {
      sessionStorage.setItem(ATTEMPT_STORAGE_KEY, key);
    } catch (error) {
      console.warn('could not save the checkout attempt', error);
    }
  }
  memory = key;
  return key;
}

/** The attempt got a definitive answer: the next "Place order" is a new attempt. */
export function endAttempt(): void {
  memory = null;
  try {
    sessionStorage.removeItem(ATTEMPT_STORAGE_KEY);
  } catch (error) {
    console.warn('could not clear the checkout attempt', error);
  }
}
