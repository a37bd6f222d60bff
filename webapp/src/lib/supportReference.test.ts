/**
 * The shared support reference vectors (tests/vectors/support_reference.json): the browser gives
 * the same reference as the server (services/support/reference.py, tests/support/test_reference.py).
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { REFERENCE_ALPHABET, supportReference } from './supportReference';

// webapp/src/lib -> the repository's tests/vectors
const VECTORS = resolve(__dirname, '..', '..', '..', 'tests', 'vectors', 'support_reference.json');
const doc = JSON.parse(readFileSync(VECTORS, 'utf8')) as { cases: { cart_id: string; reference: string }[] };

describe('supportReference', () => {
  it('has cases to check', () => {
    expect(doc.cases.length).toBeGreaterThanOrEqual(10);
  });

  it.each(doc.cases)('$cart_id -> $reference', ({ cart_id, reference }) => {
    expect(supportReference(cart_id)).toBe(reference);
  });

  it('reads upper case and hyphen-less ids the same way', () => {
    for (const { cart_id, reference } of doc.cases) {
      expect(supportReference(cart_id.toUpperCase())).toBe(reference);
      expect(supportReference(cart_id.replaceAll('-', ''))).toBe(reference);
    }
  });

  it('uses Crockford base 32: no I, L, O or U', () => {
    expect(REFERENCE_ALPHABET).toHaveLength(32);
    expect(REFERENCE_ALPHABET).not.toMatch(/[ILOU]/);
  });

  it('refuses text that is not a UUID', () => {
    expect(supportReference('K7F-3QX')).toBeNull();
    expect(supportReference('')).toBeNull();
    expect(supportReference('6f1c2d3e-0000-5000-8000-00000000000g')).toBeNull();
  });
});
