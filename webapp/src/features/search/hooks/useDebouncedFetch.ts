import { useEffect, useEffectEvent, useRef, useState } from 'react';

/** docs/spec.md sections 5 and 9: search calls are debounced 300 ms. */
export const SEARCH_DEBOUNCE_MS = 300;

export type FetchFn<T> = (query: string, signal: AbortSignal) => Promise<T>;

/** An answer and the query it belongs to. */
export interface Settled<T> {
  query: string;
  value: T;
}

interface Options<T> {
  delayMs?: number;
  /** What the console warning names when a call fails (docs/spec.md section 8: logged only). */
  label: string;
  /** The answer a failed call settles to; without it a failure keeps the last answer. */
  onError?: T;
}

/**
 * The one debounce behind the search page and the header's suggestions (docs/spec.md sections
 * 2.10, 5 and 9): calls `fetch` for `term` (already trimmed) `delayMs` after it last changed,
 * skipping the call when `term` is the last one fetched. A newer term cancels the pending timer
 * and aborts the request in flight; an aborted term counts as not fetched, so coming back to it
 * fetches again. An empty term fetches nothing. Gives the last settled answer with its query
 * (kept while the next call runs), or null before the first.
 */
export function useDebouncedFetch<T>(
  term: string,
  fetch: FetchFn<T>,
  { delayMs = SEARCH_DEBOUNCE_MS, label, onError }: Options<T>,
): Settled<T> | null {
  const [settled, setSettled] = useState<Settled<T> | null>(null);
  /** The last term a call was made for (and not aborted). */
  const last = useRef<string | null>(null);
  // The fetch function of the latest render, without restarting the debounce when it changes.
  const run = useEffectEvent((q: string, signal: AbortSignal) => fetch(q, signal));
  const fallback = useEffectEvent(() => onError);

  useEffect(() => {
    if (!term || term === last.current) return undefined;
    const controller = new AbortController();
    const previous = last.current;
    let started = false;
    let done = false;
    const timer = setTimeout(() => {
      started = true;
      last.current = term;
      void run(term, controller.signal)
        .then(
          (value) => ({ value }),
          (error: unknown) => {
            if (!controller.signal.aborted) console.warn(`${label} failed`, error);
            const value = fallback();
            return value === undefined ? null : { value };
          },
        )
        .then((answer) => {
          done = true;
          if (!controller.signal.aborted && answer) setSettled({ query: term, value: answer.value });
        });
    }, delayMs);
    return () => {
      clearTimeout(timer);
      if (started && !done) {
        controller.abort();
        if (last.current === term) last.current = previous;
      }
    };
  }, [term, delayMs, label]);

  return settled;
}
