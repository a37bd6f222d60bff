import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { SearchIcon } from '@/components/icons';
import { paths } from '@/config/paths';
import { productPath } from '@/lib/products';
import { useLocation, useNavigate, useSearchParams } from '@/lib/router';
import type { SuggestedProduct } from '../api/getSuggestions';
import { useSuggestions, type SuggestFn } from '../hooks/useSuggestions';
import styles from './SearchCombobox.module.css';

export interface SearchComboboxProps {
  /** Focus the input when mounted (the mobile search panel). */
  focusOnOpen?: boolean;
  /** Extra class on the form (the header's desktop-only class). */
  className?: string;
  /** 'bar': the header's fixed width; 'panel': the full width of the mobile search panel. */
  variant?: 'bar' | 'panel';
  /** For tests: the suggestions call. */
  suggest?: SuggestFn;
}

/** The product page of a suggestion (suggested products are published and never hidden: no ACF flags). */
const suggestionPath = (p: SuggestedProduct) => productPath({ slug: p.slug, categories: p.categories, acf: {} } as Parameters<typeof productPath>[0]);

interface Option {
  id: string;
  label: string;
  /** Shown after the label: the product's category, or 'Category'. */
  detail: string;
  to: string;
}

/**
 * The header's search box (docs/spec.md sections 2 and 2.10): typing moves to /search?query=…
 * and clearing returns back one step, as before; while typing, a listbox suggests the top
 * products and categories (WAI-ARIA combobox with list autocomplete: the input keeps focus,
 * ArrowDown/ArrowUp move the active option (aria-activedescendant, wrapping), Enter opens it,
 * Escape closes the list, Tab and leaving the box close it too).
 */
export function SearchCombobox({ focusOnOpen = false, className, variant = 'bar', suggest }: SearchComboboxProps) {
  const id = useId();
  const listId = `${id}-listbox`;
  const navigate = useNavigate();
  const location = useLocation();
  const [params] = useSearchParams();
  const onSearchPage = location.pathname === paths.searchPath;
  const urlQuery = onSearchPage ? (params.get('query') ?? '') : '';
  const [value, setValue] = useState(urlQuery);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const inputRef = useRef<HTMLInputElement>(null);
  // Queries this box navigated to whose URL has not arrived yet (typing outruns the router).
  const sent = useRef<string[]>([]);
  const suggestions = useSuggestions(open ? value : '', suggest ? { suggest } : {});

  // Follow the URL (back/forward, leaving the search page), but not our own earlier
  // navigations arriving late: they would overwrite what was typed since.
  useEffect(() => {
    const ours = sent.current.indexOf(urlQuery);
    if (ours !== -1) {
      sent.current = sent.current.slice(ours + 1);
      return;
    }
    sent.current = [];
    setValue(urlQuery);
  }, [urlQuery]);

  useEffect(() => {
    if (focusOnOpen) inputRef.current?.focus();
  }, [focusOnOpen]);

  const products: Option[] = (suggestions?.products ?? []).map((p) => ({
    id: `${id}-product-${p.id}`,
    label: p.name,
    detail: p.categories[0]?.name ?? '',
    to: suggestionPath(p),
  }));
  const categories: Option[] = (suggestions?.categories ?? []).map((c) => ({
    id: `${id}-category-${c.id}`,
    label: c.name,
    detail: 'Category',
    to: paths.category(c.slug),
  }));
  const options = [...products, ...categories];
  const expanded = open && value.trim() !== '' && options.length > 0;
  const activeOption = expanded && active >= 0 && active < options.length ? options[active] : undefined;

  function close() {
    setOpen(false);
    setActive(-1);
  }

  function choose(option: Option) {
    close();
    void navigate(option.to);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (!open) setOpen(true);
      if (options.length === 0) return;
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((current) => (current < 0 ? (step > 0 ? 0 : options.length - 1) : (current + step + options.length) % options.length));
    } else if (event.key === 'Enter') {
      event.preventDefault();
      if (activeOption) choose(activeOption);
      else {
        close();
        const query = value.trim();
        if (query && !onSearchPage) void navigate(paths.search(query));
      }
    } else if (event.key === 'Escape') {
      if (expanded) event.preventDefault();
      close();
    } else if (event.key === 'Tab') {
      close();
    }
  }

  const group = (label: string, list: Option[], offset: number) =>
    list.length > 0 && (
      <li role="presentation">
        <span className={styles.groupLabel} id={`${listId}-${label}`} aria-hidden="true">
          {label}
        </span>
        <ul role="group" aria-labelledby={`${listId}-${label}`} className={styles.group}>
          {list.map((option, i) => (
            // Keys are the input's (aria-activedescendant, the combobox pattern): an option never has focus.
            // eslint-disable-next-line jsx-a11y/click-events-have-key-events
            <li
              key={option.id}
              id={option.id}
              role="option"
              aria-selected={activeOption?.id === option.id}
              className={styles.option}
              // Keep focus in the input: the click still lands (the combobox pattern).
              onMouseDown={(event) => event.preventDefault()}
              onMouseMove={() => setActive(offset + i)}
              onClick={() => choose(option)}
            >
              <span className={styles.optionLabel}>{option.label}</span>
              {option.detail && <span className={styles.optionDetail}>{option.detail}</span>}
            </li>
          ))}
        </ul>
      </li>
    );

  return (
    <form role="search" className={`${styles.search} ${variant === 'panel' ? styles.panel : ''} ${className ?? ''}`} onSubmit={(e) => e.preventDefault()}>
      <label htmlFor={id} className="visually-hidden">
        Search products
      </label>
      <SearchIcon className={styles.searchIcon} width={18} height={18} />
      <input
        ref={inputRef}
        id={id}
        type="search"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={listId}
        aria-activedescendant={activeOption?.id}
        placeholder="Search products"
        autoComplete="off"
        value={value}
        onKeyDown={onKeyDown}
        onFocus={() => setOpen(true)}
        onBlur={close}
        onChange={(event) => {
          const next = event.target.value;
          setValue(next);
          setOpen(true);
          setActive(-1);
          // The router commits a navigation (history entry) before React re-renders this box in
          // a transition: between the two, the address bar already says /search. Typing then
          // must replace that entry, not push another one (clearing goes back one step).
          const onSearchNow = onSearchPage || window.location.pathname === paths.searchPath;
          if (next.trim()) {
            sent.current.push(next);
            void navigate(paths.search(next), { replace: onSearchNow });
          } else if (onSearchNow) void navigate(-1);
        }}
      />
      <ul id={listId} role="listbox" aria-label="Search suggestions" className={styles.listbox} hidden={!expanded}>
        {expanded && (
          <>
            {group('Products', products, 0)}
            {group('Categories', categories, products.length)}
          </>
        )}
      </ul>
    </form>
  );
}
