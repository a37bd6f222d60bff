/**
 * Tech spec values (docs/spec.md section 2): a value written as a markdown-style link
 * `[text](url)` shows as a link, or as 'Read PDF' and 'Download PDF' when the
 * target ends in pdf. Text around links stays text.
 */
import { safeHref } from '../components/fields';

export type SpecPart = { kind: 'text'; text: string } | { kind: 'link'; text: string; url: string } | { kind: 'pdf'; text: string; url: string };

const LINK = /\[([^\]]*)\]\(\s*([^()\s]+)\s*\)/g;

/** True when the link target's path ends in `.pdf` (query and fragment ignored). */
export function isPdf(url: string): boolean {
  return /\.pdf$/i.test(url.split(/[?#]/)[0]);
}

/** Splits a spec value into text and link parts; links with an unsafe target stay text. */
export function parseSpecValue(value: unknown): SpecPart[] {
  const source = typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '';
  const parts: SpecPart[] = [];
  let last = 0;
  for (const match of source.matchAll(LINK)) {
    const [whole, text, target] = match;
    const url = safeHref(target);
    if (!url) continue;
    if (match.index > last) parts.push({ kind: 'text', text: source.slice(last, match.index) });
    parts.push({ kind: isPdf(url) ? 'pdf' : 'link', text: text.trim() || url, url });
    last = match.index + whole.length;
  }
  if (last < source.length) parts.push({ kind: 'text', text: source.slice(last) });
  return parts.filter((p) => p.kind !== 'text' || p.text !== '');
}
