import { act, fireEvent, render, screen } from '@testing-library/react';
import { vectorConfigurator } from '../model/testing';
import { WAIT_INTERVAL_MS, WAIT_TRIES } from '../hooks/useConfiguratorLoad';
import { Builder, type BuilderProps } from './Builder';

const keyboard = vectorConfigurator('keyboard');
const answer = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

function renderBuilder(fetchImpl: () => Promise<Response>, onAdd: BuilderProps['onAdd'] = () => Promise.resolve({ ok: true as const })) {
  const fetchMock = vi.fn(fetchImpl);
  vi.stubGlobal('fetch', fetchMock);
  render(<Builder productId={26907} currency="EUR" onAdd={onAdd} />);
  return fetchMock;
}

describe('the custom builder page states (docs/spec.md section 2.13)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.spyOn(console, 'warn').mockImplementation(() => {});
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it("says 'Loading configurator...' and then shows the configurator inline", async () => {
    const fetchMock = renderBuilder(() => Promise.resolve(answer(200, keyboard)));
    expect(screen.getByRole('status')).toHaveTextContent('Loading configurator...');
    expect(fetchMock).toHaveBeenCalledWith('/api/configurator/26907', expect.anything());
    await act(() => vi.advanceTimersByTimeAsync(WAIT_INTERVAL_MS));
    expect(screen.queryByText('Loading configurator...')).not.toBeInTheDocument();
    expect(screen.getByRole('radiogroup', { name: /Case/ })).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it("waits 500 tries 20 ms apart, then says 'Could not load configurator'", async () => {
    renderBuilder(() => new Promise<Response>(() => {}));
    await act(() => vi.advanceTimersByTimeAsync(WAIT_INTERVAL_MS * WAIT_TRIES - 1));
    expect(screen.getByText('Loading configurator...')).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(screen.getByRole('alert')).toHaveTextContent('Could not load configurator');
    expect(WAIT_INTERVAL_MS * WAIT_TRIES).toBe(10_000);
  });

  it("says 'Could not load configurator' when the product has no configurator", async () => {
    renderBuilder(() => Promise.resolve(answer(404, { code: 'configurator_not_found', message: 'No configurator.' })));
    await act(() => vi.advanceTimersByTimeAsync(WAIT_INTERVAL_MS));
    expect(screen.getByRole('alert')).toHaveTextContent('Could not load configurator');
  });

  it("says 'Your item has been added to the cart!' after adding", async () => {
    const onAdd = vi.fn<BuilderProps['onAdd']>(() => Promise.resolve({ ok: true as const }));
    renderBuilder(() => Promise.resolve(answer(200, keyboard)), onAdd);
    await act(() => vi.advanceTimersByTimeAsync(WAIT_INTERVAL_MS));
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Add to cart' }));
      await Promise.resolve();
    });
    expect(onAdd).toHaveBeenCalledWith(26907, keyboard.defaults);
    expect(screen.getByText('Your item has been added to the cart!')).toBeInTheDocument();
  });
});
