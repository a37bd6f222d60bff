import { useId, useState, type FormEvent } from 'react';
import { Spinner } from '@/components/Spinner';
import { formatCents } from '@/lib/money';
import { Link, useSearchParams } from '@/lib/router';
import { searchCarts } from '../api/supportApi';
import { useSupportQuery } from '../hooks/useSupportQuery';
import type { SupportCart } from '../types';
import { formatTime } from './format';
import { supportPaths } from './paths';
import { SupportGate } from './SupportGate';
import { TableWrap } from './TableWrap';
import styles from './Support.module.css';

/**
 * The support console's search (docs/spec.md section 2.14), for support staff and admins: find a
 * visitor's cart by order number, email, coupon, SKU or support reference. The query lives in the
 * URL (`/support?q=`), so back and forward repeat a search.
 */
export function SupportSearchPage() {
  return (
    <div className={`container section ${styles.page}`}>
      <h1 className={styles.title}>Support console</h1>
      <SupportGate need="support">{() => <Search />}</SupportGate>
    </div>
  );
}

function Search() {
  const [params, setParams] = useSearchParams();
  const query = (params.get('q') ?? '').trim();
  const [text, setText] = useState(query);
  const [shown, setShown] = useState(query);
  if (shown !== query) {
    // Back or forward changed the URL: the field follows it.
    setShown(query);
    setText(query);
  }
  const inputId = useId();
  const answer = useSupportQuery(query ? `search:${query}` : null, (signal) => searchCarts(query, signal));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const q = text.trim();
    if (q) setParams({ q });
  };

  return (
    <>
      <form className={styles.form} role="search" onSubmit={submit}>
        <div className={styles.field}>
          <label htmlFor={inputId}>Find a cart</label>
          <input
            id={inputId}
            type="search"
            name="q"
            value={text}
            onChange={(e) => setText(e.target.value)}
            placeholder="Order number, email, coupon, SKU or support reference"
            autoComplete="off"
            spellCheck={false}
          />
        </div>
        <button type="submit" className="button">
          Search
        </button>
      </form>
      {query && answer === null && <Spinner label="Searching" size={24} />}
      {answer?.kind === 'error' && (
        <p className={styles.error} role="alert">
          {answer.error.message}
        </p>
      )}
      {answer?.kind === 'ok' && <Results query={query} results={answer.data.results} />}
    </>
  );
}

const MATCH_LABEL: Record<string, string> = { reference: 'Reference', order: 'Order', email: 'Email', coupon: 'Coupon', sku: 'SKU' };

function Results({ query, results }: { query: string; results: SupportCart[] }) {
  if (results.length === 0) return <p role="status">No cart matches “{query}”.</p>;
  return (
    <section aria-labelledby="support-results">
      <h2 id="support-results">
        {results.length === 1 ? '1 cart' : `${results.length} carts`} for “{query}”
      </h2>
      <TableWrap label="Search results">
        <table className={styles.table}>
          <thead>
            <tr>
              <th scope="col">Reference</th>
              <th scope="col">Matched by</th>
              <th scope="col">First activity</th>
              <th scope="col">Last activity</th>
              <th scope="col">Items</th>
              <th scope="col">Value</th>
              <th scope="col">Country</th>
              <th scope="col">Orders</th>
            </tr>
          </thead>
          <tbody>
            {results.map((cart) => (
              <tr key={cart.cart_id} data-testid="support-result">
                <th scope="row">
                  <Link to={supportPaths.cart(cart.cart_id)} className={styles.mono} aria-label={`Cart ${cart.reference}`}>
                    {cart.reference}
                  </Link>
                </th>
                <td>{cart.matched_by.map((m) => MATCH_LABEL[m] ?? m).join(', ')}</td>
                <td>{formatTime(cart.first_activity)}</td>
                <td>{formatTime(cart.last_activity)}</td>
                <td>{cart.item_count}</td>
                <td>{formatCents(cart.total, cart.currency)}</td>
                <td>{cart.country}</td>
                <td>{cart.order_numbers.length > 0 ? cart.order_numbers.join(', ') : <span className={styles.muted}>none</span>}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableWrap>
    </section>
  );
}
