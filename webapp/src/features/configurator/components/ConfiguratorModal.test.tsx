import { act, fireEvent, render, screen } from '@testing-library/react';
import { vectorConfigurator } from '../model/testing';
import { WAIT_INTERVAL_MS } from '../hooks/useConfiguratorLoad';
import { closeConfigurator, openConfigurator, useConfiguratorStore } from '../store/configuratorStore';
import ConfiguratorModal, { type ConfiguratorModalProps } from './ConfiguratorModal';

const keyboard = vectorConfigurator('keyboard');

function renderModal() {
  vi.stubGlobal('fetch', vi.fn(() => Promise.resolve(new Response(JSON.stringify(keyboard), { status: 200 }))));
  const onAdd = vi.fn<ConfiguratorModalProps['onAdd']>(() => Promise.resolve({ ok: true as const }));
  const onAdded = vi.fn();
  render(<ConfiguratorModal currency="EUR" onAdd={onAdd} onAdded={onAdded} />);
  return { onAdd, onAdded };
}

describe('the configurator modal', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    act(() => closeConfigurator());
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('renders nothing while closed', () => {
    renderModal();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('opens for a product with its defaults, over a modal dialog, and Escape closes it', async () => {
    renderModal();
    act(() => openConfigurator({ productId: 26907 }));
    expect(screen.getByRole('dialog')).toHaveTextContent('Loading configurator...');
    await act(() => vi.advanceTimersByTimeAsync(WAIT_INTERVAL_MS));
    expect(screen.getByRole('dialog', { name: 'Custom Keyboard Builder' })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Black Case' })).toHaveAttribute('aria-checked', 'true');
    fireEvent.keyDown(document.activeElement ?? document.body, { key: 'Escape' });
    expect(useConfiguratorStore.getState().productId).toBeNull();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('starts from given keys with notices, adds replacing a line, then closes', async () => {
    const { onAdd, onAdded } = renderModal();
    const keys = ['case:case-white', 'switches:sw-red', 'keycaps:caps-sa'];
    act(() => openConfigurator({ productId: 26907, keys, replaceLineId: 'L7', notices: ['The price of White Case has changed.'] }));
    await act(() => vi.advanceTimersByTimeAsync(WAIT_INTERVAL_MS));
    expect(screen.getByText('The price of White Case has changed.')).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: /White Case/ })).toHaveAttribute('aria-checked', 'true');
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Add to cart' }));
      await Promise.resolve();
    });
    expect(onAdd).toHaveBeenCalledWith(26907, keys, 'L7');
    expect(onAdded).toHaveBeenCalledWith(26907);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});

describe('the open state', () => {
  afterEach(() => closeConfigurator());

  it('holds the product, keys, replaced line and notices until closed', () => {
    openConfigurator({ productId: 5, keys: ['a:b'], replaceLineId: 'L1', notices: ['n'] });
    expect(useConfiguratorStore.getState()).toMatchObject({ productId: 5, keys: ['a:b'], replaceLineId: 'L1', notices: ['n'] });
    openConfigurator({ productId: 6 });
    expect(useConfiguratorStore.getState()).toMatchObject({ productId: 6, keys: null, replaceLineId: null, notices: [] });
    closeConfigurator();
    expect(useConfiguratorStore.getState().productId).toBeNull();
  });
});
