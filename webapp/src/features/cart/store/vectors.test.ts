/**
 * The shared cart-rule vectors (tests/vectors/cart_rules.json, format in tests/vectors/README.md)
 * through the browser's decider: the same events (`decide`), refusal codes, lines and totals as
 * the server's decider and Cart (tests/cart/test_vectors.py runs the same file through the server).
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { CartCommand, CountryFacts, ProductFacts } from '../types';
import { decide, evolve, execute, startCart, type CatalogLookup } from './decider';
import { cartView, DEFAULT_COUNTRY } from './rules';

interface VectorCase {
  name: string;
  catalog: { products: ProductFacts[]; countries: CountryFacts[] };
  start: { country: string };
  steps: {
    command: CartCommand;
    expect: { events: Record<string, unknown>[]; refused: string | null; currency: string; lines: Record<string, unknown>[]; totals: Record<string, unknown> };
  }[];
}

// webapp/src/features/cart/store -> the repository's tests/vectors
const VECTORS = resolve(__dirname, '..', '..', '..', '..', '..', 'tests', 'vectors', 'cart_rules.json');
const doc = JSON.parse(readFileSync(VECTORS, 'utf8')) as { version: number; cases: VectorCase[] };

function catalogOf(catalog: VectorCase['catalog']): CatalogLookup {
  const products = new Map(catalog.products.map((p) => [`${p.product_id}:${p.variation_id ?? ''}`, p]));
  const countries = new Map(catalog.countries.map((c) => [c.code, c]));
  return {
    product: (productId, variationId) => products.get(`${productId}:${variationId ?? ''}`) ?? null,
    country: (code) => countries.get(code.toUpperCase()) ?? null,
  };
}

const pick = (source: Record<string, unknown>, keys: string[]) => Object.fromEntries(keys.map((key) => [key, source[key]]));

describe('shared cart rule vectors', () => {
  it('has format version 1 and at least 60 cases', () => {
    expect(doc.version).toBe(1);
    expect(doc.cases.length).toBeGreaterThanOrEqual(60);
  });

  it.each(doc.cases.map((c) => [c.name, c] as const))('%s', (_name, vector) => {
    const catalog = catalogOf(vector.catalog);
    let cart = startCart(catalog.country(vector.start.country) ?? DEFAULT_COUNTRY);
    vector.steps.forEach((step, index) => {
      const where = `step ${index + 1} ${JSON.stringify(step.command)}`;
      const decided = decide(cart, step.command, catalog);
      if (decided.kind === 'unknown') throw new Error(`${where}: decide asked for facts the vector has`);
      expect(decided.events, `${where}: the events the server records`).toEqual(step.expect.events);
      const decision = execute(cart, step.command, catalog);
      if (decision.kind === 'unknown') throw new Error(`${where}: the rules asked for facts the vector has`);
      expect(decision.cart, `${where}: the cart is evolve over decide's events`).toEqual(decided.events.reduce(evolve, cart));
      const refused = decision.kind === 'refused' ? decision.refusal.code : null;
      expect(refused, where).toBe(step.expect.refused);
      cart = decision.cart;
      const state = cartView(cart);
      expect(state.currency, where).toBe(step.expect.currency);
      expect(
        state.lines.map((line) => line.line_id),
        where,
      ).toEqual(step.expect.lines.map((line) => line.line_id));
      state.lines.forEach((line, i) => {
        const want = step.expect.lines[i];
        expect(pick(line as unknown as Record<string, unknown>, Object.keys(want)), `${where} line ${String(want.line_id)}`).toEqual(want);
      });
      expect(pick(state.totals as unknown as Record<string, unknown>, Object.keys(step.expect.totals)), where).toEqual(step.expect.totals);
    });
  });
});
