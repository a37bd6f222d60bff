import { SITE_NAME } from '@/config/site';
import { SupportAuditPage, SupportSearchPage, SupportTimelinePage } from '@/features/support';
import { useParams } from '@/lib/router';

/** /support (docs/spec.md section 2.14): find a visitor's cart. Staff only, not for search engines. */
function SearchComponent() {
  return (
    <>
      <title>{`Support console – ${SITE_NAME}`}</title>
      <meta name="robots" content="noindex" />
      <SupportSearchPage />
    </>
  );
}

/** /support/carts/:ref (docs/spec.md section 2.14): a cart's history; `?version=N` selects a version. */
function TimelineComponent({ cartRef: ref }: { cartRef: string }) {
  return (
    <>
      <title>{`Cart ${ref} – Support console – ${SITE_NAME}`}</title>
      <meta name="robots" content="noindex" />
      <SupportTimelinePage key={ref} cartRef={ref} />
    </>
  );
}

/** /support/audit (docs/spec.md section 2.14): who looked at which cart. Admins only. */
function AuditComponent() {
  return (
    <>
      <title>{`Support audit log – ${SITE_NAME}`}</title>
      <meta name="robots" content="noindex" />
      <SupportAuditPage />
    </>
  );
}

/**
 * The router's lazy `support/*` route: `/support` (search), `/support/carts/:ref` (timeline) and
 * `/support/audit`; anything else under /support is the search page.
 */
export function Component() {
  const rest = useParams()['*'] ?? '';
  if (rest === 'audit') return <AuditComponent />;
  const cart = /^carts\/([^/]+)\/?$/.exec(rest);
  if (cart) return <TimelineComponent cartRef={decodeURIComponent(cart[1])} />;
  return <SearchComponent />;
}
