import type { ReactNode } from 'react';
import { Link } from '@/lib/router';
import { PageHeading } from './PageHeading';

/** Pages whose real content is built in a later issue. */
export function Placeholder({ title, children }: { title: ReactNode; children?: ReactNode }) {
  return (
    <div className="container section placeholder">
      <PageHeading title={title} />
      <p className="muted">{children ?? 'This page is on its way.'}</p>
      <Link className="button button--ghost" to="/">
        Back to the shop
      </Link>
    </div>
  );
}
