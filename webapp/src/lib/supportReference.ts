/**
 * Support references (docs/spec.md section 2.14): the short code a shopper reads out to support,
 * e.g. "K7F-3QX". It is the first 30 bits of the cart id (a UUID) written as six Crockford
 * base-32 characters in two groups of three. The server computes the same text
 * (services/support/reference.py); tests/vectors/support_reference.json holds both to the same
 * answers. A reference finds the cart in the support console and grants nothing else.
 */

/** Crockford base 32: digits and capitals without I, L, O and U. */
export const REFERENCE_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

const UUID_TEXT = /^\{?([0-9a-f]{8})-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{12}\}?$/i;

/**
 * The support reference of `cartId` (a UUID as text, any case, hyphens optional):
 * "XXX-XXX", 7 characters. Throws a TypeError for text that is not a UUID.
 */
export function supportReference(cartId: string): string {
  const match = UUID_TEXT.exec(cartId.trim());
  if (!match) throw new TypeError(`not a cart id: ${JSON.stringify(cartId)}`);
  // The first four bytes (8 hex digits, 32 bits) shifted right by two: the first 30 bits.
  const bits = Math.floor(Number.parseInt(match[1], 16) / 4);
  let chars = '';
  for (let shift = 25; shift >= 0; shift -= 5) chars += REFERENCE_ALPHABET[Math.floor(bits / 2 ** shift) % 32];
  return `${chars.slice(0, 3)}-${chars.slice(3)}`;
}
