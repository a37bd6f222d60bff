import { createElement, useMemo } from 'react';
import { sanitizeHtml } from '@/lib/sanitize';

interface Props {
  html: string | null | undefined;
  as?: 'div' | 'span' | 'section' | 'p';
  className?: string;
}

/** Renders back-end HTML after sanitising it with DOMPurify. */
export function SafeHtml({ html, as = 'div', className }: Props) {
  const clean = useMemo(() => sanitizeHtml(html), [html]);
  if (!clean) return null;
  return createElement(as, { className, dangerouslySetInnerHTML: { __html: clean } });
}
