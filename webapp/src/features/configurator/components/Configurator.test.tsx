import { act, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { vectorConfigurator } from '../model/testing';
import { Configurator, type ConfiguratorProps } from './Configurator';

const DEFAULTS = ['case:case-black', 'switches:sw-red', 'keycaps:caps-cherry'];

function renderConfigurator(props: Partial<ConfiguratorProps> = {}) {
  const onAdd = vi.fn<ConfiguratorProps['onAdd']>(() => Promise.resolve({ ok: true as const }));
  const onAdded = vi.fn();
  render(<Configurator data={vectorConfigurator('keyboard')} initialKeys={DEFAULTS} currency="EUR" onAdd={onAdd} onAdded={onAdded} {...props} />);
  return { onAdd, onAdded };
}

const radio = (group: string, name: RegExp) => within(screen.getByRole('radiogroup', { name: new RegExp(group) })).getByRole('radio', { name });
const addButton = () => screen.getByRole('button', { name: /^(Add to cart|Pre-order|Unavailable for purchase|Coming Soon)$/ });

describe('layers as WAI-ARIA radio groups', () => {
  it('has one tab stop per single layer: the checked choice', () => {
    renderConfigurator();
    const cases = within(screen.getByRole('radiogroup', { name: /Case/ })).getAllByRole('radio');
    expect(cases.map((r) => r.tabIndex)).toEqual([0, -1, -1, -1]);
    expect(cases[0]).toHaveAttribute('aria-checked', 'true');
  });

  it('moves focus and selects with the arrow keys, wrapping around', () => {
    renderConfigurator();
    const black = radio('Case', /Black Case/);
    black.focus();
    fireEvent.keyDown(black, { key: 'ArrowDown' });
    const white = radio('Case', /White Case/);
    expect(white).toHaveFocus();
    expect(white).toHaveAttribute('aria-checked', 'true');
    expect(black).toHaveAttribute('aria-checked', 'false');
    expect(white.tabIndex).toBe(0);
    fireEvent.keyDown(white, { key: 'ArrowUp' });
    fireEvent.keyDown(radio('Case', /Black Case/), { key: 'ArrowUp' });
    expect(radio('Case', /Aluminium Case/)).toHaveFocus();
  });

  it('keeps unavailable choices focusable but not selectable, with the reason and what to pick instead', () => {
    renderConfigurator();
    const alu = radio('Case', /Aluminium Case/);
    expect(alu).toHaveAttribute('aria-disabled', 'true');
    expect(alu).toHaveAccessibleDescription('Aluminium Case is out of stock, please select something else. Instead, choose Black Case, White Case, Low-profile Case.');
    alu.focus();
    fireEvent.keyDown(alu, { key: ' ' });
    fireEvent.click(alu);
    expect(alu).toHaveAttribute('aria-checked', 'false');
    expect(radio('Case', /Black Case/)).toHaveAttribute('aria-checked', 'true');
  });

  it('moves to the first and last choice with Home and End (an unavailable one is focused, not selected)', () => {
    renderConfigurator();
    const red = radio('Switches', /Red Switches/);
    fireEvent.keyDown(red, { key: 'End' });
    expect(radio('Switches', /Silent Switches/)).toHaveFocus();
    expect(radio('Switches', /Red Switches/)).toHaveAttribute('aria-checked', 'true');
    fireEvent.keyDown(radio('Switches', /Silent Switches/), { key: 'Home' });
    expect(radio('Switches', /Red Switches/)).toHaveFocus();
  });

  it('selects the focused choice with Space', () => {
    renderConfigurator();
    const brown = radio('Switches', /Brown Switches/);
    brown.focus();
    fireEvent.keyDown(brown, { key: ' ' });
    expect(brown).toHaveAttribute('aria-checked', 'true');
  });

  it('shows a multiple layer as checkboxes that Space toggles', () => {
    renderConfigurator();
    const group = screen.getByRole('group', { name: 'Extras' });
    const wrist = within(group).getByRole('checkbox', { name: /Wrist Rest/ });
    expect(within(group).getAllByRole('checkbox').map((c) => c.tabIndex)).toEqual([0, 0, 0]);
    fireEvent.keyDown(wrist, { key: ' ' });
    expect(wrist).toHaveAttribute('aria-checked', 'true');
    fireEvent.keyDown(wrist, { key: ' ' });
    expect(wrist).toHaveAttribute('aria-checked', 'false');
  });

  it('applies select rules and leaves hidden choices out', async () => {
    renderConfigurator();
    expect(screen.getByRole('checkbox', { name: /Dampener/ })).toBeInTheDocument();
    await userEvent.click(radio('Case', /White Case/));
    expect(radio('Keycaps', /SA Keycaps/)).toHaveAttribute('aria-checked', 'true');
    expect(screen.queryByRole('checkbox', { name: /Dampener/ })).not.toBeInTheDocument();
  });
});

describe('prices', () => {
  it('shows extras and a live total in the shipping country currency', async () => {
    renderConfigurator({ currency: 'USD' });
    expect(radio('Case', /White Case/)).toHaveTextContent('+$11.00');
    const total = screen.getByText(/^Total:/);
    expect(total).toHaveAttribute('aria-live', 'polite');
    expect(total).toHaveTextContent('Total: $159.99');
    await userEvent.click(radio('Case', /White Case/));
    // White case (+$11.00) selects SA keycaps (+$27.00).
    expect(total).toHaveTextContent('Total: $197.99');
  });

  it('formats euros by default', () => {
    renderConfigurator();
    expect(screen.getByText(/^Total:/)).toHaveTextContent('Total: €149.99');
  });
});

describe('the add button (docs/spec.md section 4)', () => {
  it("says 'Add to cart' when every choice is in stock", () => {
    renderConfigurator();
    expect(addButton()).toHaveTextContent('Add to cart');
    expect(addButton()).toBeEnabled();
  });

  it("says 'Pre-order' when a choice is on backorder", async () => {
    renderConfigurator();
    await userEvent.click(radio('Case', /Low-profile Case/));
    expect(addButton()).toHaveTextContent('Pre-order');
    expect(addButton()).toBeEnabled();
  });

  it("is disabled 'Unavailable for purchase' when a choice is out of stock", () => {
    renderConfigurator({ initialKeys: ['case:case-alu', 'switches:sw-red', 'keycaps:caps-cherry'] });
    expect(addButton()).toHaveTextContent('Unavailable for purchase');
    expect(addButton()).toBeDisabled();
  });

  it("is disabled 'Coming Soon' when the product is coming soon", () => {
    renderConfigurator({ data: vectorConfigurator('soon'), initialKeys: ['size:xl'] });
    expect(addButton()).toHaveTextContent('Coming Soon');
    expect(addButton()).toBeDisabled();
  });

  it('adds the chosen keys in menu order and reports success', async () => {
    const { onAdd, onAdded } = renderConfigurator();
    await userEvent.click(screen.getByRole('checkbox', { name: /Wrist Rest/ }));
    await userEvent.click(screen.getByRole('checkbox', { name: /Coiled Cable/ }));
    await userEvent.click(addButton());
    expect(onAdd).toHaveBeenCalledWith([...DEFAULTS, 'extras:wrist', 'extras:cable']);
    expect(onAdded).toHaveBeenCalled();
  });

  it("does not add an incomplete build and says what is missing ('%s is required')", async () => {
    const { onAdd } = renderConfigurator({ initialKeys: ['case:case-black'] });
    await userEvent.click(addButton());
    expect(onAdd).not.toHaveBeenCalled();
    expect(screen.getByRole('alert')).toHaveTextContent('Switches is required');
    expect(screen.getByRole('alert')).toHaveTextContent('Keycaps is required');
  });

  it("shows the cart's refusal", async () => {
    const { onAdded } = renderConfigurator({ onAdd: () => Promise.resolve({ ok: false as const, message: 'Black Case is out of stock, please select something else.' }) });
    await userEvent.click(addButton());
    expect(await screen.findByText('Black Case is out of stock, please select something else.')).toBeInTheDocument();
    expect(onAdded).not.toHaveBeenCalled();
  });
});

describe('the viewer', () => {
  it("says 'Please select a variation to configure' while nothing is chosen", () => {
    renderConfigurator({ initialKeys: [] });
    expect(screen.getByText('Please select a variation to configure')).toBeInTheDocument();
  });

  it('stacks the chosen images of the angle by layer stack plus image z, with alt text', async () => {
    const data = vectorConfigurator('keyboard');
    data.choices.find((c) => c.id === 'case-black')!.images.push({ angle_id: 'side', url: '/case-side.svg', z: 0 });
    data.choices.find((c) => c.id === 'sw-red')!.images[0].z = 25; // 20 + 25 = 45, above the keycaps (30)
    renderConfigurator({ data });
    const preview = screen.getByRole('region', { name: 'Preview' });
    expect(within(preview).getAllByRole('img').map((i) => [i.getAttribute('alt'), i.style.zIndex])).toEqual([
      ['Black Case', '10'],
      ['Cherry Keycaps', '30'],
      ['Red Switches', '45'],
    ]);
    await userEvent.click(within(preview).getByRole('button', { name: 'Side' }));
    expect(within(preview).getByRole('button', { name: 'Side' })).toHaveAttribute('aria-pressed', 'true');
    expect(within(preview).getAllByRole('img').map((i) => i.getAttribute('src'))).toEqual(['/case-side.svg']);
  });
});

describe('messages', () => {
  it("says 'No item in stock' under a required layer with nothing available", () => {
    renderConfigurator({ data: vectorConfigurator('mouse'), initialKeys: [] });
    expect(screen.getByRole('radiogroup', { name: /Shell/ }).closest('[data-layer]')).toHaveTextContent('No item in stock');
  });

  it('shows the welcome text, the warning and notices', () => {
    renderConfigurator({
      data: vectorConfigurator('keyboard', { welcome: { text: 'Build your board', background_image: '' }, warning: 'Ships in 3 weeks' }),
      notices: ['The price of White Case has changed.'],
    });
    expect(screen.getByText('Build your board')).toBeInTheDocument();
    expect(screen.getByText('Ships in 3 weeks')).toBeInTheDocument();
    expect(screen.getByText('The price of White Case has changed.')).toBeInTheDocument();
  });
});

describe('share', () => {
  it('opens the share modal with the build', async () => {
    renderConfigurator();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Share' }));
      await Promise.resolve();
    });
    expect(await screen.findByRole('dialog', { name: 'Share' })).toBeInTheDocument();
  });
});
