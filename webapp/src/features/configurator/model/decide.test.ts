/**
 * The shared configurator vectors (tests/vectors/configurator.json, format in tests/vectors/README.md)
 * through the browser's mirror: the same problems, prices, SKUs, button and choice states as the
 * server's domain (tests/configurator/test_vectors.py runs the same file through Python).
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { ConfiguratorData } from '../types';
import { ADD_BUTTON_LABELS, applySelectRules, defaultSelection, layersWithoutStock, MAX_CHOICES, toggle, validate, type ChoiceState, type Problem } from './decide';

interface VectorCase {
  name: string;
  configurator: string;
  keys: string[];
  expect: {
    ok: boolean;
    problems: Problem[];
    eur: number;
    usd: number;
    skus: string[];
    button: string;
    preorder: boolean;
    states: Record<string, ChoiceState>;
    selected: string[];
  };
}

// webapp/src/features/configurator/model -> the repository's tests/vectors
const VECTORS = resolve(__dirname, '..', '..', '..', '..', '..', 'tests', 'vectors', 'configurator.json');
const doc = JSON.parse(readFileSync(VECTORS, 'utf8')) as { version: number; configurators: Record<string, ConfiguratorData>; cases: VectorCase[] };
const keyboard = doc.configurators.keyboard;

describe('shared configurator vectors', () => {
  it('has format version 1 and at least 20 cases', () => {
    expect(doc.version).toBe(1);
    expect(doc.cases.length).toBeGreaterThanOrEqual(20);
  });

  it.each(Object.keys(doc.configurators))('default selection of %s', (name) => {
    expect(defaultSelection(doc.configurators[name])).toEqual(doc.configurators[name].defaults);
  });

  it.each(doc.cases.map((c) => [c.name, c] as const))('%s', (_name, vector) => {
    const cfg = doc.configurators[vector.configurator];
    const verdict = validate(cfg, vector.keys);
    const want = vector.expect;
    expect(verdict.problems).toEqual(want.problems);
    expect(verdict.ok).toBe(want.ok);
    expect([verdict.eur, verdict.usd]).toEqual([want.eur, want.usd]);
    expect(verdict.skus).toEqual(want.skus);
    expect(verdict.button).toBe(want.button);
    expect(verdict.preorder).toBe(want.preorder);
    for (const [key, state] of Object.entries(want.states)) expect(verdict.states[key], key).toEqual(state);
    expect(applySelectRules(cfg, vector.keys.slice(0, MAX_CHOICES))).toEqual(want.selected);
  });
});

describe('button labels', () => {
  it('are the spec section 4 labels', () => {
    expect(ADD_BUTTON_LABELS).toEqual({ add: 'Add to cart', preorder: 'Pre-order', unavailable: 'Unavailable for purchase', coming_soon: 'Coming Soon' });
  });
});

describe('toggle (the shopper picks)', () => {
  const start = ['case:case-black', 'switches:sw-red', 'keycaps:caps-cherry'];

  it('replaces the choice of a single layer and applies select rules', () => {
    expect(toggle(keyboard, start, 'case:case-white')).toEqual(['switches:sw-red', 'case:case-white', 'keycaps:caps-sa']);
  });

  it('keeps the choice of a required single layer when it is picked again', () => {
    expect(toggle(keyboard, start, 'case:case-black')).toEqual(start);
  });

  it('does not pick a choice that is out of stock or disabled by a rule', () => {
    expect(toggle(keyboard, start, 'case:case-alu')).toEqual(start);
    const sa = ['case:case-black', 'switches:sw-red', 'keycaps:caps-sa'];
    expect(toggle(keyboard, sa, 'case:case-low')).toEqual(sa);
  });

  it('toggles a multiple layer up to its maximum', () => {
    const one = toggle(keyboard, start, 'extras:wrist');
    const two = toggle(keyboard, one, 'extras:cable');
    expect(two).toEqual([...start, 'extras:wrist', 'extras:cable']);
    expect(toggle(keyboard, two, 'extras:dampener')).toEqual(two);
    expect(toggle(keyboard, two, 'extras:wrist')).toEqual([...start, 'extras:cable']);
  });
});

describe('layersWithoutStock', () => {
  it("names a required layer none of whose choices can be bought ('No item in stock')", () => {
    const mouse = doc.configurators.mouse;
    expect([...layersWithoutStock(mouse, validate(mouse, []).states)]).toEqual(['shell']);
    expect([...layersWithoutStock(keyboard, validate(keyboard, []).states)]).toEqual([]);
  });
});
