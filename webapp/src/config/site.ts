/** Site-wide constants (docs/spec.md section 9). */
export const SITE_HOST = 'halvard.gg';
export const SITE_NAME = 'HALVARD';

export const DEFAULT_COUNTRY = { code: 'DE', currency: 'EUR' } as const;
export const MOBILE_BREAKPOINT_PX = 980;
export const MAX_CART_COUNT = 10;
export const MAX_PROMOS = 4;
export const ADD_TICK_MS = 1500;
export const PRODUCT_PAGE_SIZE = 100;
export const MAIN_MENU_SLUG = 'main';
export const CATEGORY_JUMP_OFFSET_PX = 80;
export const POST_CATEGORY = { news: 23, press: 22 } as const;
