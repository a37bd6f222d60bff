import { getSuggestions, type Suggestions } from '../api/getSuggestions';
import { SEARCH_DEBOUNCE_MS, useDebouncedFetch } from './useDebouncedFetch';

export type SuggestFn = (query: string, signal: AbortSignal) => Promise<Suggestions>;

/**
 * The suggestions for `query` (trimmed), fetched 300 ms after it last changed and skipped when
 * identical to the last one fetched (docs/spec.md sections 2.10 and 9, like the search itself;
 * `useDebouncedFetch`). Gives the last answer while the next is pending, or null before the
 * first and for an empty query; a failed call keeps the last answer.
 */
export function useSuggestions(
  query: string,
  { suggest = getSuggestions, delayMs = SEARCH_DEBOUNCE_MS }: { suggest?: SuggestFn; delayMs?: number } = {},
): Suggestions | null {
  const term = query.trim();
  const settled = useDebouncedFetch(term, suggest, { delayMs, label: 'search suggestions' });
  return term && settled ? { ...settled.value, query: settled.query } : null;
}
