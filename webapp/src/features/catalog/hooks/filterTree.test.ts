import type { FilterTerm } from '../types';
import {
  buildFilterTree,
  effectiveSelection,
  filterProducts,
  flatten,
  parseSelection,
  swatchLayout,
  usedFilterIds,
  visibleTree,
  withSelection,
} from './filterTree';

const term = (id: number, parent: number, name: string, order: FilterTerm['order'], fields: Partial<FilterTerm> = {}): FilterTerm => ({
  id,
  parent,
  name,
  slug: name.toLowerCase().replace(/[^a-z0-9]+/g, '-'),
  order,
  depends_on: null,
  isColour: false,
  colours: null,
  ...fields,
});

// Connectivity (1) and Colour (2) at the top; the API sends them in no particular order.
const TERMS: FilterTerm[] = [
  term(11, 1, 'Wired', 0),
  term(14, 1, 'Other', 'last'),
  term(12, 1, 'Wireless', 1),
  term(15, 1, 'Long battery', 2, { depends_on: 12 }),
  term(13, 1, 'Bluetooth', 2),
  term(2, 0, 'Colour', 1),
  term(1, 0, 'Connectivity', 0),
  term(21, 2, 'Black', 0, { isColour: true, colours: { colour_amount: 'one', first_colour: '#000', second_colour: null } }),
  term(22, 2, 'White', 1, { isColour: true, colours: { colour_amount: 'one', first_colour: '#fff', second_colour: null } }),
  term(3, 0, 'Layout', 'last'),
  term(31, 3, 'Compact', 0),
  term(99, 77, 'Orphan', 0),
];

const names = (nodes: { name: string; children: { name: string }[] }[]) => nodes.map((n) => [n.name, n.children.map((c) => c.name)]);

describe('filter tree (docs/spec.md section 2 and 3)', () => {
  it('nests terms by parent and orders siblings by order with "last" after every number', () => {
    const tree = buildFilterTree(TERMS);
    expect(names(tree)).toEqual([
      ['Connectivity', ['Wired', 'Wireless', 'Bluetooth', 'Long battery', 'Other']],
      ['Colour', ['Black', 'White']],
      ['Layout', ['Compact']],
    ]);
  });

  it('keeps "last" last even against large numbers, and orders ties by name', () => {
    const tree = buildFilterTree([term(1, 0, 'G', 0), term(5, 1, 'Zed', 'last'), term(6, 1, 'Big', 1000), term(7, 1, 'Alpha', 'last'), term(8, 1, 'Beta', '3')]);
    expect(tree[0].children.map((c) => c.name)).toEqual(['Beta', 'Big', 'Alpha', 'Zed']);
  });

  it('leaves out terms no product carries, and groups left empty', () => {
    const tree = buildFilterTree(TERMS, usedFilterIds([{ filters: [11, 21] }, { filters: [12] }]));
    expect(names(tree)).toEqual([
      ['Connectivity', ['Wired', 'Wireless']],
      ['Colour', ['Black']],
    ]);
  });

  it('shows a term that depends on another only while that one is selected', () => {
    const tree = buildFilterTree(TERMS);
    const shown = (selected: number[]) => flatten(visibleTree(tree, new Set(selected))).map((n) => n.name);
    expect(shown([])).not.toContain('Long battery');
    expect(shown([11])).not.toContain('Long battery');
    expect(shown([12])).toContain('Long battery');
  });

  it('drops the selection of a dependent term once its dependency is deselected', () => {
    const tree = buildFilterTree(TERMS);
    expect([...effectiveSelection(tree, new Set([12, 15]))].sort()).toEqual([12, 15]);
    expect([...effectiveSelection(tree, new Set([15, 21]))]).toEqual([21]);
  });
});

describe('filtering products', () => {
  const tree = buildFilterTree(TERMS);
  const products = [
    { id: 1, filters: [11, 21] }, // wired, black
    { id: 2, filters: [12, 15, 22] }, // wireless, long battery, white
    { id: 3, filters: [12, 21] }, // wireless, black
    { id: 4, filters: [] },
  ];
  const ids = (selected: number[]) => filterProducts(products, tree, new Set(selected)).map((p) => p.id);

  it('shows every product without a selection', () => {
    expect(ids([])).toEqual([1, 2, 3, 4]);
  });
  it('ORs terms of one group and ANDs groups', () => {
    expect(ids([11, 12])).toEqual([1, 2, 3]);
    expect(ids([12, 21])).toEqual([3]);
    expect(ids([11, 22])).toEqual([]);
  });
  it('a dependent term refines its dependency', () => {
    expect(ids([12, 15])).toEqual([2]);
  });
  it('a dependent term without its dependency does not filter', () => {
    expect(ids([15])).toEqual([1, 2, 3, 4]);
  });
  it('selecting a group accepts every term below it', () => {
    expect(ids([2])).toEqual([1, 2, 3]);
  });
});

describe('filter state in the URL', () => {
  const tree = buildFilterTree(TERMS);
  it('reads known slugs and writes them back in tree order', () => {
    const selected = parseSelection(new URLSearchParams('filter=white,wired,nope&newsletter'), TERMS);
    expect([...selected].sort()).toEqual([11, 22]);
    expect(withSelection(new URLSearchParams('newsletter='), tree, selected).toString()).toBe('newsletter=&filter=wired%2Cwhite');
    expect(withSelection(new URLSearchParams('filter=wired'), tree, new Set()).toString()).toBe('');
  });
});

describe('colour swatch layout', () => {
  it.each([
    [0, 0, 0],
    [1, 1, 35],
    [8, 1, 35],
    [9, 2, 70],
    [17, 3, 105],
  ])('%i swatches take %i rows of 35 px (%i px), 8 per row', (count, rows, height) => {
    expect(swatchLayout(count)).toEqual({ perRow: 8, rows, height });
  });
});
