import { useEffect, useId, useRef, useState } from 'react';
import { paths } from '@/config/paths';
import { SearchIcon } from '@/components/icons';
import { useLocation, useNavigate, useSearchParams } from '@/lib/router';
import styles from './Header.module.css';

/** Typing moves to /search?query=…; clearing returns back one step (docs/spec.md section 2). */
export function SearchBox({ focusOnOpen = false, className }: { focusOnOpen?: boolean; className?: string }) {
  const id = useId();
  const navigate = useNavigate();
  const location = useLocation();
  const [params] = useSearchParams();
  const onSearchPage = location.pathname === paths.searchPath;
  const urlQuery = onSearchPage ? (params.get('query') ?? '') : '';
  const [value, setValue] = useState(urlQuery);
  const inputRef = useRef<HTMLInputElement>(null);
  // Queries this box navigated to whose URL has not arrived yet (typing outruns the router).
  const sent = useRef<string[]>([]);

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

  return (
    <form role="search" className={`${styles.search} ${className ?? ''}`} onSubmit={(e) => e.preventDefault()}>
      <label htmlFor={id} className="visually-hidden">
        Search products
      </label>
      <SearchIcon className={styles.searchIcon} width={18} height={18} />
      <input
        ref={inputRef}
        id={id}
        type="search"
        placeholder="Search products"
        autoComplete="off"
        value={value}
        onChange={(event) => {
          const next = event.target.value;
          setValue(next);
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
    </form>
  );
}
