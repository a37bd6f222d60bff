/**
 * Tolerant readers for content-block fields: the content system returns an
 * image as a URL string or an object ({url|src, alt, width, height}), a link
 * as a URL string, an object ({url, title}) or a one-entry link list.
 */
import type { ImageRef, LinkRef } from '../types';

type Loose = Record<string, unknown>;
const isObject = (value: unknown): value is Loose => typeof value === 'object' && value !== null && !Array.isArray(value);
const num = (value: unknown) => (typeof value === 'number' && value > 0 ? value : undefined);

export function text(value: unknown): string {
  return typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '';
}

export function readImage(value: unknown, fallbackAlt = ''): ImageRef | null {
  if (typeof value === 'string') return value ? { src: value, alt: fallbackAlt } : null;
  if (!isObject(value)) return null;
  const src = text(value.url) || text(value.src) || text(value.source_url);
  if (!src) return null;
  return { src, alt: text(value.alt) || text(value.title) || fallbackAlt, width: num(value.width), height: num(value.height) };
}

/**
 * Promo links (spec section 2): the first entry of the link list; its
 * `acf_fc_layout` names the key that holds the target.
 */
export function readLinkList(value: unknown): LinkRef | null {
  if (!Array.isArray(value)) return readLink(value);
  if (value.length === 0) return null;
  const first = value[0];
  if (!isObject(first)) return readLink(first);
  const layout = text(first.acf_fc_layout);
  const target = layout ? first[layout] : undefined;
  const link = readLink(target);
  if (!link) return null;
  return { ...link, title: link.title || text(first.title) || text(first.text) || undefined };
}

export function readLink(value: unknown): LinkRef | null {
  if (typeof value === 'string') return value ? { url: value } : null;
  if (Array.isArray(value)) return readLinkList(value);
  if (!isObject(value)) return null;
  const url = text(value.url) || text(value.permalink) || text(value.link) || text(value.href);
  if (!url) return null;
  return { url, title: text(value.title) || text(value.name) || undefined };
}

export function readList<T = Loose>(value: unknown): T[] {
  return Array.isArray(value) ? (value.filter(isObject) as T[]) : [];
}
