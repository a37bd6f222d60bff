/**
 * Support references (docs/spec.md section 2.14): the short code a shopper reads out to support,
 * e.g. "K7F-3QX". It is the first 30 bits of the cart id (a UUID) written as six Crockford
 * base-32 characters in two groups of three. The server computes the same text
 * (services/support/reference.py); tests/vectors/support_reference.json holds both to the same
 * answers. A reference finds the cart in the support console and grants nothing else. Small on
 * purpose: the cart page (in the shopper's first load) shows it.
 */

/** Crockford base 32: digits and capitals without I, L, O and U. */
export const REFERENCE_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/**
 * The support reference of `cartId` (a UUID as text, any case, hyphens optional):
 * "XXX-XXX", 7 characters; null for text that is not a UUID (nothing to read out).
 */
export function supportReference(cartId: string): string | null {
  const hex = cartId.trim().replace(/^\{(.*)\}$/, '$1').replace(/-/g, '');
  if (!/^[0-9a-f]{32}$/i.test(hex)) return null;
  const bits = parseInt(hex.slice(0, 8), 16) >>> 2; // the first 30 bits
  let chars = '';
  for (let shift = 25; shift >= 0; shift -= 5) chars += REFERENCE_ALPHABET[(bits >>> shift) & 31];
  return `${chars.slice(0, 3)}-${chars.slice(3)}`;
}
