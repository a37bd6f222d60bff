import type { ReactNode } from 'react';

export function PageHeading({ title, kicker, children }: { title: ReactNode; kicker?: ReactNode; children?: ReactNode }) {
  return (
    <header className="page-heading">
      {kicker && <p className="page-heading__kicker">{kicker}</p>}
      <h1 className="page-heading__title">{title}</h1>
      {children && <div className="page-heading__lead">{children}</div>}
    </header>
  );
}
