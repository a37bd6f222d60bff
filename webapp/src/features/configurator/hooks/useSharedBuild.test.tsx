import { act, render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from '@/lib/router';
import { openConfigurator } from '../store/configuratorStore';
import { SHARED_LINK_OPEN_DELAY_MS, sharedHash, useSharedBuild } from './useSharedBuild';

// The configurator's store is another engineer's; only the call matters here.
vi.mock('../store/configuratorStore', () => ({ openConfigurator: vi.fn() }));
const opened = vi.mocked(openConfigurator);

const HASH = '0123456789abcdef0123';
const DATA = {
  configuration: {
    product_id: 26907,
    version: 3,
    choices: [
      { key: 'case:case-black', layer_id: 'case', choice_id: 'case-black', name: 'Black', layer_name: 'Case', extra_eur: 0, extra_usd: 0 },
      { key: 'switches:sw-red', layer_id: 'switches', choice_id: 'sw-red', name: 'Red', layer_name: 'Switches', extra_eur: 1000, extra_usd: 1100 },
    ],
  },
  current_version: 4,
  changes: [{ kind: 'repriced', key: 'switches:sw-red', message: 'Red switches now cost €12.00 more.' }],
};

function answer(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

function Page({ productId }: { productId: number }) {
  useSharedBuild(productId);
  return <p>page</p>;
}

function renderAt(url: string, productId = 26907) {
  const router = createMemoryRouter([{ path: '*', element: <Page productId={productId} /> }], { initialEntries: [url] });
  return render(<RouterProvider router={router} />);
}

/** Lets the fetch promise chain settle (fake timers do not run microtasks by themselves). */
async function flush() {
  await act(async () => {
    for (let i = 0; i < 10; i++) await Promise.resolve();
  });
}

describe('useSharedBuild', () => {
  let fetchMock: ReturnType<typeof vi.fn>;
  beforeEach(() => {
    vi.useFakeTimers();
    fetchMock = vi.fn(() => Promise.resolve(answer(200, DATA)));
    vi.stubGlobal('fetch', fetchMock);
    opened.mockClear();
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('reads ?d=, fetches the shared build and opens the configurator with its keys and notices after 2000 ms', async () => {
    renderAt(`/custom-keyboard-builder?d=${HASH}`);
    await flush();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/api/get-share-data');
    expect(JSON.parse(init.body as string)).toEqual({ hash: HASH });

    await act(async () => {
      await vi.advanceTimersByTimeAsync(SHARED_LINK_OPEN_DELAY_MS - 1);
    });
    expect(opened).not.toHaveBeenCalled();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1);
    });
    expect(opened).toHaveBeenCalledTimes(1);
    expect(opened).toHaveBeenCalledWith({
      productId: 26907,
      keys: ['case:case-black', 'switches:sw-red'],
      notices: ['Red switches now cost €12.00 more.'],
    });
    expect(SHARED_LINK_OPEN_DELAY_MS).toBe(2000);
  });

  it('does nothing without ?d=', async () => {
    renderAt('/custom-keyboard-builder');
    await flush();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(5000);
    });
    expect(fetchMock).not.toHaveBeenCalled();
    expect(opened).not.toHaveBeenCalled();
  });

  it('ignores a ?d= that is not a hash', async () => {
    renderAt('/custom-keyboard-builder?d=%3Cscript%3E');
    await flush();
    expect(fetchMock).not.toHaveBeenCalled();
    expect(sharedHash(' abc123 ')).toBe('abc123');
    expect(sharedHash('a/b')).toBeNull();
    expect(sharedHash(null)).toBeNull();
  });

  it('only logs an unknown hash and opens nothing', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    fetchMock.mockResolvedValueOnce(answer(404, { code: 'share_not_found', message: 'That shared build was not found.' }));
    renderAt(`/custom-keyboard-builder?d=${HASH}`);
    await flush();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(5000);
    });
    expect(opened).not.toHaveBeenCalled();
    expect(warn).toHaveBeenCalled();
  });

  it('only logs a network failure', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    renderAt(`/custom-keyboard-builder?d=${HASH}`);
    await flush();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(5000);
    });
    expect(opened).not.toHaveBeenCalled();
    expect(warn).toHaveBeenCalledWith('POST /api/get-share-data failed', expect.any(TypeError));
  });

  it('does not open after the page is left before the delay', async () => {
    const { unmount } = renderAt(`/custom-keyboard-builder?d=${HASH}`);
    await flush();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1000);
    });
    unmount();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(5000);
    });
    expect(opened).not.toHaveBeenCalled();
  });
});
