import { act, renderHook } from '@testing-library/react';
import type { Product } from '@/types/api';
import { SEARCH_DEBOUNCE_MS, useProductSearch, type SearchFn } from './useProductSearch';

const product = (id: number, name = `P${id}`) => ({ id, name, slug: `p${id}` }) as Product;

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

describe('useProductSearch', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('waits 300 ms after the last keystroke and searches once, for the last query', async () => {
    const search = vi.fn<SearchFn>((q) => Promise.resolve([product(1, q)]));
    const { result, rerender } = renderHook(({ q }) => useProductSearch(q, { search }), { initialProps: { q: 's' } });
    expect(SEARCH_DEBOUNCE_MS).toBe(300);
    act(() => {
      vi.advanceTimersByTime(200);
    });
    rerender({ q: 'sk' });
    act(() => {
      vi.advanceTimersByTime(200);
    });
    rerender({ q: 'sko' });
    act(() => {
      vi.advanceTimersByTime(299);
    });
    expect(search).not.toHaveBeenCalled();
    expect(result.current.searching).toBe(true);
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(search).toHaveBeenCalledTimes(1);
    expect(search.mock.calls[0][0]).toBe('sko');
    expect(result.current).toMatchObject({ query: 'sko', searching: false, resultsFor: 'sko' });
    expect(result.current.products.map((p) => p.name)).toEqual(['sko']);
  });

  it('skips the call when the query is identical to the last one (surrounding spaces ignored)', async () => {
    const search = vi.fn<SearchFn>(() => Promise.resolve([product(1)]));
    const { result, rerender } = renderHook(({ q }) => useProductSearch(q, { search }), { initialProps: { q: 'odin' } });
    await act(() => vi.advanceTimersByTimeAsync(300));
    expect(search).toHaveBeenCalledTimes(1);
    rerender({ q: 'odin ' });
    await act(() => vi.advanceTimersByTimeAsync(1000));
    rerender({ q: ' odin' });
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(search).toHaveBeenCalledTimes(1);
    expect(result.current.searching).toBe(false);
    // Typing on and back again within the debounce time makes no call either.
    rerender({ q: 'odin 7' });
    act(() => {
      vi.advanceTimersByTime(100);
    });
    rerender({ q: 'odin' });
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(search).toHaveBeenCalledTimes(1);
    // A different query is searched.
    rerender({ q: 'odin 75' });
    await act(() => vi.advanceTimersByTimeAsync(300));
    expect(search).toHaveBeenCalledTimes(2);
  });

  it('aborts a search in flight when the query changes and ignores its late answer', async () => {
    const first = deferred<Product[]>();
    const signals: AbortSignal[] = [];
    const search = vi.fn<SearchFn>((q, signal) => {
      signals.push(signal);
      return q === 'thor' ? first.promise : Promise.resolve([product(2, q)]);
    });
    const { result, rerender } = renderHook(({ q }) => useProductSearch(q, { search }), { initialProps: { q: 'thor' } });
    await act(() => vi.advanceTimersByTimeAsync(300));
    rerender({ q: 'tyr' });
    expect(signals[0].aborted).toBe(true);
    await act(() => vi.advanceTimersByTimeAsync(300));
    await act(async () => {
      first.resolve([product(1, 'thor')]);
      await first.promise;
    });
    expect(result.current.products.map((p) => p.name)).toEqual(['tyr']);
    // The aborted query was never answered, so going back to it searches again.
    rerender({ q: 'thor' });
    await act(() => vi.advanceTimersByTimeAsync(300));
    expect(search.mock.calls.map((c) => c[0])).toEqual(['thor', 'tyr', 'thor']);
  });

  it('does not search for an empty query', async () => {
    const search = vi.fn<SearchFn>(() => Promise.resolve([]));
    const { result } = renderHook(() => useProductSearch('   ', { search }));
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(search).not.toHaveBeenCalled();
    expect(result.current.searching).toBe(false);
  });

  it('logs a failed search and shows no results (docs/spec.md section 8)', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const search = vi.fn<SearchFn>(() => Promise.reject(new Error('boom')));
    const { result } = renderHook(() => useProductSearch('odin', { search }));
    await act(() => vi.advanceTimersByTimeAsync(300));
    expect(warn).toHaveBeenCalled();
    expect(result.current).toMatchObject({ searching: false, products: [], resultsFor: 'odin' });
  });
});
