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
 * Promo links (docs/spec.md section 2): the first entry of the link list; its
 * `acf_fc_layout` names the key that holds the target.
 */
export function readLinkList(value: unknown): LinkRef | null {
  if (!Array.isArray(value)) return readLink(value);
  if (value.length === 0) return null;
  const first: unknown = value[0];
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

/** A link target that is safe to put in href: http(s), mailto, tel, or a relative path or fragment; else null. */
export function safeHref(value: unknown): string | null {
  const raw = text(value).trim();
  if (!raw) return null;
  if (/^(https?:|mailto:|tel:)/i.test(raw)) return raw;
  if (/^[a-z][a-z\d+.-]*:/i.test(raw) || raw.startsWith('//') || /[\s<>"]/.test(raw)) return null;
  return raw;
}

/** Product ids from a relationship field: numbers, numeric strings or `{ID}`/`{id}` objects; deduplicated, in order. */
export function readIds(value: unknown): number[] {
  const list: unknown[] = Array.isArray(value) ? value : typeof value === 'string' ? value.split(',') : [];
  const ids = list.map((v) => (isObject(v) ? (v.ID ?? v.id) : v)).map((v) => (typeof v === 'string' ? Number(v.trim()) : v));
  return [...new Set(ids.filter((v): v is number => typeof v === 'number' && Number.isInteger(v) && v > 0))];
}

/** Splits a list into groups of `size` (reviews: 6 tiles per slide). */
export function chunk<T>(items: readonly T[], size: number): T[][] {
  const groups: T[][] = [];
  for (let i = 0; i < items.length; i += Math.max(1, size)) groups.push(items.slice(i, i + Math.max(1, size)));
  return groups;
}
