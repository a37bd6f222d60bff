import { render, screen } from '@testing-library/react';
import type { CheckoutCart, Quote } from '../types';
import { OrderSummary } from './OrderSummary';

const cart: CheckoutCart = {
  version: 1,
  currency: 'EUR',
  country: { code: 'DE', name: 'Germany', currency: 'EUR' },
  tax: { name: 'VAT', rate_bp: 1900 },
  lines: [{ line_id: 'L1', name: 'Vali Pro', count: 2, line_total: 9998, variation_label: '' }],
  totals: { subtotal: 9998, subtotal_regular: 11998, on_sale: true, total: 9998, tax_included: 1596, item_count: 2 },
};

const quoteUS = {
  currency: 'USD', country: 'US', needs_shipping: true, subtotal: 10998, discount: 0, shipping: 1490, tax: 0, tax_name: 'Sales tax', tax_rate_bp: 0,
  total: 12488, shipping_method: 'world_standard', shipping_methods: [], payment_methods: [], lines: [], coupons: [], coupon_refusals: [],
} as Quote;

describe('OrderSummary money lines (docs/spec.md sections 2.11 and 9)', () => {
  it('shows one subtotal, the sale saving as its own line and the tax as "incl. 19% VAT"', () => {
    render(<OrderSummary cart={cart} quote={null} loading={false} error={null} methods={[]} shippingMethod={null} />);
    expect(screen.getAllByText('Subtotal')).toHaveLength(1);
    expect(screen.getByTestId('checkout-subtotal')).toHaveTextContent('€99.98');
    expect(screen.getByText('You save (sale prices)')).toBeInTheDocument();
    expect(screen.getByTestId('checkout-sale-saving')).toHaveTextContent('€20.00');
    expect(screen.getByText('incl. 19% VAT')).toBeInTheDocument();
    expect(screen.getByTestId('checkout-tax')).toHaveTextContent('€15.96');
  });

  it('shows no tax line for a zero rate and no euro amount in a dollar order', () => {
    const cartUS: CheckoutCart = { ...cart, currency: 'USD', country: { code: 'US', name: 'United States', currency: 'USD' }, tax: { name: 'Sales tax', rate_bp: 0 } };
    const { container } = render(<OrderSummary cart={cartUS} quote={quoteUS} loading={false} error={null} methods={[]} shippingMethod="world_standard" />);
    expect(screen.queryByTestId('checkout-tax')).not.toBeInTheDocument();
    expect(screen.getByTestId('checkout-sale-saving')).toHaveTextContent('$20.00');
    expect(screen.getByTestId('checkout-total')).toHaveTextContent('$124.88');
    expect(container.textContent).not.toMatch(/€|incl\.|Sales tax/);
  });
});
