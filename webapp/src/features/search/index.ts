/** Public API of the search feature (docs/spec.md sections 2, 5 and 7). */
/**
 * The search page's module, loaded with the /search route (not in the shopper's first load).
 * Page-only code is reached through loaders like this one, never re-exported here: the build
 * puts everything this file re-exports into the first chunk (webapp/vite.config.ts, loadedFirst).
 */
export const loadSearchPage = () => import('./components/SearchPage');
export type { ProductSearch, SearchFn } from './hooks/useProductSearch';
/** The header's search box: a same-size plain form first, the combobox as its own chunk. */
export { SearchBox } from './components/SearchBox';
export type { SearchComboboxProps } from './components/SearchCombobox';
