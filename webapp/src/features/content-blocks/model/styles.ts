/**
 * Inline styles from content fields, applied safely. Editors write CSS as
 * semicolon-separated `property: value` pairs (quick_info image_styles, docs/spec.md
 * section 2). Only layout and look properties from an allow-list pass, and only
 * values made of plain CSS tokens: no url(), var(), expression(), escapes,
 * comments or markup, so a field can neither load anything nor break out.
 */
import type { CSSProperties } from 'react';

const ALLOWED = new Set([
  'object-fit', 'object-position', 'border-radius', 'border', 'border-color', 'border-width', 'border-style',
  'box-shadow', 'filter', 'opacity', 'transform', 'transform-origin', 'aspect-ratio', 'mix-blend-mode',
  'width', 'min-width', 'max-width', 'height', 'min-height', 'max-height',
  'margin', 'margin-top', 'margin-right', 'margin-bottom', 'margin-left',
  'padding', 'padding-top', 'padding-right', 'padding-bottom', 'padding-left',
  'background-color', 'justify-self', 'align-self',
]);

/** Plain CSS tokens only: words, numbers, units, #hex, %, commas, dots, slashes, parentheses of functions like rgba(). */
const SAFE_VALUE = /^[\w\s#%.,/()+-]+$/;
const FORBIDDEN = /(url|var|expression|image-set|image|attr|env|element)\s*\(|javascript:|\/\*|\\|[<>"'`;{}@]/i;

const camel = (property: string) => property.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase());

/** `"object-fit: cover; border-radius: 8px"` → `{ objectFit: 'cover', borderRadius: '8px' }`; anything unsafe is dropped. */
export function parseInlineStyles(value: unknown): CSSProperties {
  if (typeof value !== 'string' || !value.trim()) return {};
  const style: Record<string, string> = {};
  for (const pair of value.split(';')) {
    const colon = pair.indexOf(':');
    if (colon < 1) continue;
    const property = pair.slice(0, colon).trim().toLowerCase();
    const raw = pair.slice(colon + 1).trim().replace(/\s*!important$/i, '');
    if (!ALLOWED.has(property) || !raw || raw.length > 120) continue;
    if (!SAFE_VALUE.test(raw) || FORBIDDEN.test(raw)) continue;
    if ((raw.match(/\(/g) ?? []).length !== (raw.match(/\)/g) ?? []).length) continue;
    style[camel(property)] = raw;
  }
  return style;
}

const COLOR = /^(#[0-9a-f]{3,8}|(rgb|rgba|hsl|hsla)\(\s*[\d.\s%,/+-]+\)|[a-z]{3,20})$/i;

/** A CSS colour from a content field (hex, rgb[a](), hsl[a]() or a keyword), else the fallback. */
export function safeColor(value: unknown, fallback?: string): string | undefined {
  if (typeof value !== 'string') return fallback;
  const colour = value.trim();
  return colour && COLOR.test(colour) ? colour : fallback;
}
