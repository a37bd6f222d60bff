import { act, fireEvent, render, screen } from '@testing-library/react';
import type { Product, Variation } from '@/types/api';
import { BuyButton } from './BuyButton';
import { buyButtonState } from './buyButtonState';
import { fixture, type DeepPartial } from '@/test/apiFixtures';

const product = (fields: DeepPartial<Product> = {}): Product => fixture<Product>({
  id: 1,
  name: 'Tyr TKL',
  slug: 'tyr-tkl',
  sku: 'TYR',
  price: '139.99',
  regular_price: '139.99',
  sale_price: '',
  stock_status: 'instock',
  stock_quantity: null,
  manage_stock: false,
  backorders: 'no',
  ...fields,
});

describe('buy button labels (docs/spec.md section 4)', () => {
  it.each<[string, DeepPartial<Product>, { stockLoading?: boolean }, string, boolean]>([
    ['coming soon', { acf: { availability: 'coming_soon' } }, {}, 'Coming Soon', true],
    ['coming soon wins over loading', { acf: { availability: 'coming_soon' } }, { stockLoading: true }, 'Coming Soon', true],
    ['configurable', { isConfigurable: true }, {}, 'Customize', false],
    ['configurator link', { acf: { showConfiguratorLink: true } }, {}, 'Customize', false],
    ['in stock', {}, {}, 'Add to cart', false],
    ['on backorder', { stock_status: 'onbackorder' }, {}, 'Add to cart (pre-order)', false],
    ['stock at 0 with backorders yes', { manage_stock: true, stock_quantity: 0, backorders: 'yes' }, {}, 'Add to cart (pre-order)', false],
    ['out of stock', { stock_status: 'outofstock' }, {}, 'Out of stock', true],
    ['out of stock with own text', { stock_status: 'outofstock', acf: { buttonText: 'Notify me' } }, {}, 'Notify me', true],
  ])('%s -> %s', (_name, fields, options, label, disabled) => {
    const state = buyButtonState(product(fields), options);
    expect(state.label).toBe(label);
    expect(state.disabled).toBe(disabled);
    render(<BuyButton product={product(fields)} stockLoading={options.stockLoading} onAdd={() => {}} />);
    const button = screen.getByRole('button', { name: label });
    expect(button).toHaveProperty('disabled', disabled);
  });

  it('shows a spinner while stock loads', () => {
    render(<BuyButton product={product()} stockLoading onAdd={() => {}} />);
    expect(screen.getByRole('status', { name: 'Checking stock' })).toBeInTheDocument();
    expect(screen.getByRole('button')).toBeDisabled();
  });

  it('uses the chosen variation’s stock', () => {
    const variation = { id: 9, price: '1', regular_price: '1', sale_price: '', stock_status: 'outofstock' } as Variation;
    expect(buyButtonState(product(), { variation }).label).toBe('Out of stock');
    expect(buyButtonState(product(), { variation: { ...variation, stock_status: 'onbackorder' } }).label).toBe('Add to cart (pre-order)');
  });

  it('ignores the configurator when both buttons are shown', () => {
    expect(buyButtonState(product({ isConfigurable: true }), { ignoreConfigurable: true }).label).toBe('Add to cart');
  });

  it('shows a tick for 1500 ms after a click', () => {
    vi.useFakeTimers();
    try {
      const onAdd = vi.fn();
      render(<BuyButton product={product()} onAdd={onAdd} />);
      fireEvent.click(screen.getByRole('button', { name: 'Add to cart' }));
      expect(onAdd).toHaveBeenCalledTimes(1);
      expect(screen.getByRole('button', { name: 'Added to cart' })).toBeInTheDocument();
      act(() => {
        vi.advanceTimersByTime(1499);
      });
      expect(screen.getByRole('button', { name: 'Added to cart' })).toBeInTheDocument();
      act(() => {
        vi.advanceTimersByTime(1);
      });
      expect(screen.getByRole('button', { name: 'Add to cart' })).toBeInTheDocument();
    } finally {
      vi.useRealTimers();
    }
  });

  it('calls onTickEnd when the tick ends, not when the add was refused', () => {
    vi.useFakeTimers();
    try {
      const onTickEnd = vi.fn();
      const { unmount } = render(<BuyButton product={product()} onAdd={() => true} onTickEnd={onTickEnd} />);
      fireEvent.click(screen.getByRole('button', { name: 'Add to cart' }));
      act(() => {
        vi.advanceTimersByTime(1499);
      });
      expect(onTickEnd).not.toHaveBeenCalled();
      act(() => {
        vi.advanceTimersByTime(1);
      });
      expect(onTickEnd).toHaveBeenCalledTimes(1);
      unmount();

      render(<BuyButton product={product()} onAdd={() => false} onTickEnd={onTickEnd} />);
      fireEvent.click(screen.getByRole('button', { name: 'Add to cart' }));
      expect(screen.queryByRole('button', { name: 'Added to cart' })).not.toBeInTheDocument();
      act(() => {
        vi.advanceTimersByTime(3000);
      });
      expect(onTickEnd).toHaveBeenCalledTimes(1);
    } finally {
      vi.useRealTimers();
    }
  });

  it('calls onCustomize for configurable products instead of adding', () => {
    const onAdd = vi.fn();
    const onCustomize = vi.fn();
    render(<BuyButton product={product({ isConfigurable: true })} onAdd={onAdd} onCustomize={onCustomize} />);
    fireEvent.click(screen.getByRole('button', { name: 'Customize' }));
    expect(onCustomize).toHaveBeenCalled();
    expect(onAdd).not.toHaveBeenCalled();
  });
});
