import { useEffect, useEffectEvent, useRef, useState } from 'react';
import { getSuggestions, type Suggestions } from '../api/getSuggestions';
import { SEARCH_DEBOUNCE_MS } from './useProductSearch';

export type SuggestFn = (query: string, signal: AbortSignal) => Promise<Suggestions>;

/**
 * The suggestions for `query` (trimmed), fetched 300 ms after it last changed and skipped when
 * identical to the last one fetched (docs/spec.md sections 2.10 and 9, like the search itself).
 * Gives the last answer while the next is pending, or null before the first and for an empty
 * query. A newer query aborts the request in flight.
 */
export function useSuggestions(
  query: string,
  { suggest = getSuggestions, delayMs = SEARCH_DEBOUNCE_MS }: { suggest?: SuggestFn; delayMs?: number } = {},
): Suggestions | null {
  const term = query.trim();
  const [answer, setAnswer] = useState<Suggestions | null>(null);
  const last = useRef<string | null>(null);
  const run = useEffectEvent((q: string, signal: AbortSignal) => suggest(q, signal));

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
        .catch((error: unknown) => {
          if (!controller.signal.aborted) console.warn('search suggestions failed', error); // section 8: logged only
          return null;
        })
        .then((next) => {
          done = true;
          if (!controller.signal.aborted && next) setAnswer({ ...next, query: term });
        });
    }, delayMs);
    return () => {
      clearTimeout(timer);
      if (started && !done) {
        controller.abort();
        if (last.current === term) last.current = previous;
      }
    };
  }, [term, delayMs]);

  return term ? answer : null;
}
