import type { AnchorHTMLAttributes, ReactNode } from 'react';
import { Link } from '@/lib/router';
import { toAppLink } from '@/lib/links';

interface Props extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  href: string | null | undefined;
  children: ReactNode;
}

/** A link from content: same-site targets become in-app routes, others open as normal external links. */
export function AppLink({ href, children, ...rest }: Props) {
  const link = toAppLink(href);
  if (link.internal) {
    return (
      <Link to={link.to} {...rest}>
        {children}
      </Link>
    );
  }
  const external = /^https?:/i.test(link.href);
  return (
    <a href={link.href} {...(external ? { target: '_blank', rel: 'noopener noreferrer' } : {})} {...rest}>
      {children}
    </a>
  );
}
