import { useEffect } from 'react';
import { OrderPage } from '@/features/order';
import { SITE_NAME } from '@/config/site';
import { useLocation, useNavigate, useParams, useSearchParams } from '@/lib/router';

/** The order key of the URL: its `#key=` fragment (docs/spec.md section 2.12), else `?key=` of an old link. */
function keyOf(hash: string, search: URLSearchParams): { key: string | null; fromQuery: boolean } {
  const fromHash = new URLSearchParams(hash.replace(/^#/, '')).get('key');
  if (fromHash) return { key: fromHash, fromQuery: false };
  const fromQuery = search.get('key');
  return { key: fromQuery, fromQuery: Boolean(fromQuery) };
}

/**
 * /order/* (docs/spec.md section 2): the wildcard part is the order id; `received` when arriving from checkout.
 * An old link's `?key=` is moved into the fragment, so reloading the page never sends it to the server again.
 */
export function Component() {
  const id = useParams()['*'] ?? '';
  const location = useLocation();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const received = Boolean((location.state as { received?: unknown } | null)?.received) || search.get('received') === '1';
  const { key, fromQuery } = keyOf(location.hash, search);

  useEffect(() => {
    if (!fromQuery || !key) return;
    const rest = new URLSearchParams(location.search);
    rest.delete('key');
    const query = rest.toString();
    const hash = `#${new URLSearchParams({ key }).toString()}`;
    const state: unknown = location.state;
    void navigate({ pathname: location.pathname, search: query ? `?${query}` : '', hash }, { replace: true, state });
  }, [fromQuery, key, navigate, location.pathname, location.search, location.state]);

  return (
    <>
      <title>{`Order #${id} – ${SITE_NAME}`}</title>
      <OrderPage key={id} id={id} received={received} urlKey={key} />
    </>
  );
}
