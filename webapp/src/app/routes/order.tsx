import { OrderPage } from '@/features/order';
import { SITE_NAME } from '@/config/site';
import { useLocation, useParams, useSearchParams } from '@/lib/router';

/** /order/* (docs/spec.md section 2): the wildcard part is the order id; `received` when arriving from checkout. */
export function Component() {
  const id = useParams()['*'] ?? '';
  const location = useLocation();
  const [search] = useSearchParams();
  const received = Boolean((location.state as { received?: unknown } | null)?.received) || search.get('received') === '1';
  return (
    <>
      <title>{`Order #${id} – ${SITE_NAME}`}</title>
      <OrderPage key={id} id={id} received={received} urlKey={search.get('key')} />
    </>
  );
}
