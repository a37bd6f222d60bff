/**
 * The buyer's order keys (the token from checkout that lets them read their order, docs/spec.md section 2
 * "Order page"), kept in local storage under "orders" as {orderId: orderKey} so the buyer can
 * reopen the order page later. Storage failures are logged only (docs/spec.md section 8).
 */
export const ORDER_KEYS_STORAGE_KEY = 'orders';
const MAX_KEPT = 50;

function readAll(): Record<string, string> {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(ORDER_KEYS_STORAGE_KEY) ?? '{}');
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return {};
    return Object.fromEntries(Object.entries(parsed).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
  } catch (error) {
    console.warn('could not read the saved order keys', error);
    return {};
  }
}

/** The saved key of order `id`, or null. */
export function orderKeyFor(id: string): string | null {
  return readAll()[id] ?? null;
}

/** Remember the key of order `id` (the newest 50 orders are kept). */
export function saveOrderKey(id: string, key: string): void {
  const all = readAll();
  delete all[id];
  const entries = [...Object.entries(all), [id, key] as [string, string]].slice(-MAX_KEPT);
  try {
    localStorage.setItem(ORDER_KEYS_STORAGE_KEY, JSON.stringify(Object.fromEntries(entries)));
  } catch (error) {
    console.warn('could not save the order key', error);
  }
}
