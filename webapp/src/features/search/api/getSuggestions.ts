/**
 * docs/spec.md section 2.10 "Suggestions": GET /api/search-suggestions?q= answers the top 5
 * products (search order, typos forgiven) and up to 5 matching categories. A failed call is
 * logged only and suggests nothing (docs/spec.md section 8).
 */
import { apiPaths } from '@/config/paths';
import { getJson } from '@/lib/http';
import type { Schemas } from '@/types/api';

/** A suggested category (or a product's category): id, name, slug. */
export type SuggestedTerm = Schemas['Term'];
/** A suggested product: id, name, slug and its categories (for its page URL). */
export type SuggestedProduct = Schemas['SuggestedProduct'];
/** The answer: the query as the server searched it (trimmed), products and categories. */
export type Suggestions = Schemas['SearchSuggestionsOut'];

const isTerm = (value: unknown): value is SuggestedTerm => {
  const v = value as Partial<SuggestedTerm> | null;
  return !!v && typeof v.id === 'number' && typeof v.name === 'string' && typeof v.slug === 'string';
};

/** The suggestions for `query`; empty lists on failure or for an answer of another shape. */
export async function getSuggestions(query: string, signal?: AbortSignal): Promise<Suggestions> {
  const data = await getJson<Partial<Suggestions> | null>(apiPaths.searchSuggestions(query), null, { signal });
  const products = Array.isArray(data?.products)
    ? data.products.filter((p): p is SuggestedProduct => isTerm(p) && Array.isArray(p.categories))
    : [];
  const categories = Array.isArray(data?.categories) ? data.categories.filter(isTerm) : [];
  return { query: typeof data?.query === 'string' ? data.query : query.trim(), products, categories };
}
