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
function TimelineComponent() {
  const ref = useParams().ref ?? '';
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

/** The route objects the router's lazy /support routes resolve to. */
export const search = { Component: SearchComponent };
export const timeline = { Component: TimelineComponent };
export const audit = { Component: AuditComponent };
