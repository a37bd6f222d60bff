/**
 * The client-side email check (docs/spec.md section 5: "email must match a standard pattern"): one address,
 * no spaces, a local part, '@', and a domain of at least two non-empty dot-separated labels.
 * Deliberately simple; the server (email-validator) has the last word and its field message
 * is shown when it disagrees.
 */
const EMAIL = /^[^\s@]+@[^\s@.]+(?:\.[^\s@.]+)+$/;

export function isValidEmail(value: string): boolean {
  const text = value.trim();
  return text.length <= 254 && EMAIL.test(text);
}
