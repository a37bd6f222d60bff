import { lazy, Suspense, useId } from 'react';
import { SearchIcon } from '@/components/icons';
import { paths } from '@/config/paths';
import type { SearchComboboxProps } from './SearchCombobox';
import styles from './SearchCombobox.module.css';

const SearchCombobox = lazy(async () => ({ default: (await import('./SearchCombobox')).SearchCombobox }));

/**
 * What the header shows until the combobox's chunk has arrived (docs/targets.md section 4.7: the
 * shopper's first JavaScript stays small): the same box at the same size, a plain GET form to
 * /search?query=… so Enter works even before the chunk runs. No layout shift on the swap.
 */
function PlainSearchForm({ className, variant = 'bar' }: SearchComboboxProps) {
  const id = useId();
  return (
    <form role="search" action={paths.searchPath} method="get" className={`${styles.search} ${variant === 'panel' ? styles.panel : ''} ${className ?? ''}`}>
      <label htmlFor={id} className="visually-hidden">
        Search products
      </label>
      <SearchIcon className={styles.searchIcon} width={18} height={18} />
      <input id={id} name="query" type="search" placeholder="Search products" autoComplete="off" />
    </form>
  );
}

/**
 * The header's search box (docs/spec.md sections 2 and 2.10): the suggestions combobox
 * (SearchCombobox), loaded as its own chunk right after the first render; until then a plain
 * form of the same size stands in its place.
 */
export function SearchBox(props: SearchComboboxProps) {
  return (
    <Suspense fallback={<PlainSearchForm {...props} />}>
      <SearchCombobox {...props} />
    </Suspense>
  );
}
