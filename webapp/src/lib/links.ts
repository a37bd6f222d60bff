/**
 * docs/spec.md section 2 "Links": a link to the same site (same last two host labels)
 * becomes an in-app route with the content-system prefix removed ('wp/',
 * optionally followed by 'product/' or 'category/'); other sites stay external.
 */
import { SITE_HOST } from '@/config/site';

export type AppLink =
  | { internal: true; to: string }
  | { internal: false; href: string };

const IPV4 = /^\d{1,3}(\.\d{1,3}){3}$/;

/** "shop.halvard.gg" -> "halvard.gg"; IP addresses and single-label hosts compare whole. */
export function siteKey(hostname: string): string {
  const host = hostname.toLowerCase().replace(/\.$/, '');
  if (IPV4.test(host) || host.startsWith('[')) return host;
  return host.split('.').slice(-2).join('.');
}

export function isSameSite(hostname: string, siteHosts: string[]): boolean {
  const key = siteKey(hostname);
  return siteHosts.some((site) => site && siteKey(site) === key);
}

const CMS_PREFIX = /^\/wp(?:\/(?:product|category))?(?=\/|$)/;

/** "/wp/category/keyboards/" -> "/keyboards"; keeps query and hash. */
export function stripCmsPrefix(pathname: string): string {
  let path = pathname.replace(CMS_PREFIX, '') || '/';
  if (!path.startsWith('/')) path = `/${path}`;
  if (path.length > 1) path = path.replace(/\/+$/, '');
  return path || '/';
}

function pageHostname(): string {
  return typeof window !== 'undefined' && window.location ? window.location.hostname : '';
}

export function toAppLink(url: string | null | undefined, siteHost: string = SITE_HOST): AppLink {
  const raw = (url ?? '').trim();
  if (!raw) return { internal: true, to: '/' };
  if (raw.startsWith('#')) return { internal: true, to: raw };
  if (/^(mailto|tel):/i.test(raw)) return { internal: false, href: raw };

  let parsed: URL;
  try {
    parsed = new URL(raw, 'http://relative.invalid');
  } catch {
    return { internal: false, href: raw };
  }
  const relative = parsed.hostname === 'relative.invalid' && !/^[a-z][a-z\d+.-]*:/i.test(raw) && !raw.startsWith('//');
  if (!relative) {
    if (!/^https?:$/.test(parsed.protocol)) return { internal: false, href: raw };
    if (!isSameSite(parsed.hostname, [siteHost, pageHostname()])) return { internal: false, href: raw };
  }
  return { internal: true, to: `${stripCmsPrefix(parsed.pathname)}${parsed.search}${parsed.hash}` };
}
