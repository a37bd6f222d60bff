import { cartView, emptyCart } from '../store/rules';
import type { LineView, RuleLine } from '../types';
import { capReason, quantityChoices } from './quantity';

const stock = { stock_status: 'instock', stock_quantity: null, manage_stock: false, backorders: 'no' } as RuleLine['stock'];

/** Lines as the cart shows them (cap and prices from the same rules as the server). */
function view(lines: Partial<RuleLine>[]): LineView[] {
  const cart = emptyCart();
  const ruled = lines.map((fields, i) => ({
    ...(cartView(cart).lines[0] ?? {}),
    line_id: `L${i + 1}`, product_id: 1, variation_id: null, sku: 'A', name: 'Tyr TKL', image: null, count: 1,
    configuration: null, recommended_by: null, use_discount: false, variation_label: '',
    eur: { regular: 1000, sale: null }, usd: { regular: 1100, sale: null }, stock,
    recommended_price_eur: null, recommended_price_usd: null,
    ...fields,
  })) as RuleLine[];
  return cartView({ ...cart, lines: ruled }).lines;
}

describe('quantity selector rules (docs/spec.md sections 2.11 and 4)', () => {
  it('offers 0 to the cap, keeping a count above a cap that just fell', () => {
    expect(quantityChoices({ cap: 10, count: 1 })).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(quantityChoices({ cap: 2, count: 1 })).toEqual([0, 1, 2]);
    expect(quantityChoices({ cap: 1, count: 3 })).toEqual([0, 1, 2, 3]);
    expect(quantityChoices({ cap: 0, count: 0 })).toEqual([0]);
  });

  it('names the stock when the stock sets the cap, shared between lines of the same item', () => {
    const managed = { ...stock, manage_stock: true, stock_quantity: 3 };
    const [one, two] = view([{ count: 1, stock: managed }, { line_id: 'L2', count: 1, stock: managed, configuration: [] }]);
    expect(one.cap).toBe(2);
    expect(capReason(one, [one, two])).toBe('Only 3 in stock');
    const [gone] = view([{ count: 0, stock: { ...stock, manage_stock: true, stock_quantity: 0 } }]);
    expect(capReason(gone, [gone])).toBe('Out of stock');
    const [plenty] = view([{ count: 1, stock: { ...stock, manage_stock: true, stock_quantity: 50 } }]);
    expect(plenty.cap).toBe(10);
    expect(capReason(plenty, [plenty])).toBeNull();
  });

  it('names the product that caps an add-on or a discounted recommendation', () => {
    const [builder, addon] = view([
      { product_id: 26907, name: 'Custom Keyboard Builder', count: 2 },
      { product_id: 31575, name: 'Deskmat add-on', count: 1 },
    ]);
    expect(addon.cap).toBe(2);
    expect(capReason(addon, [builder, addon])).toBe('One per Custom Keyboard Builder in your cart');
    const [pro, pads] = view([
      { product_id: 1001, name: 'Bragi Pro', count: 1 },
      { product_id: 1011, name: 'Ear pads', count: 1, recommended_by: 1001, use_discount: true },
    ]);
    expect(pads.cap).toBe(1);
    expect(capReason(pads, [pro, pads])).toBe('One per Bragi Pro in your cart');
  });
});
