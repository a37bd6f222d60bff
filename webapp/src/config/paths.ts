/**
 * Every URL the storefront knows, defined once: in-app routes (`paths`) and
 * back-end endpoints (`apiPaths`). Route modules and links import from here.
 */

/**
 * Category and product routes are not listed here: they come from the catalogue
 * (`/{category}`, `/{category}/{product}`; docs/spec.md section 2.1), resolved by
 * `app/routes/catalogue.tsx` against the API, so a category added in the admin has its page.
 */
export const paths = {
  home: '/',
  category: (slug: string) => `/${slug}`,
  product: (categorySlug: string, productSlug: string) => `/${categorySlug}/${productSlug}`,
  customize: '/customize',
  customKeyboardBuilder: '/custom-keyboard-builder',
  resellers: '/resellers',
  distributors: '/distributors',
  contact: '/contact',
  cart: '/cart',
  checkout: '/checkout',
  /** The hand-off target (docs/spec.md section 4): the checkout with the cart's currency and country. */
  checkoutWith: ({ currency, country }: { currency: string; country: string }) =>
    `/checkout?${new URLSearchParams({ currency, country }).toString()}`,
  /**
   * The order page; with `key` (the checkout's order key or the mail link's signed key) in the URL
   * fragment, which browsers never send to a server (docs/spec.md section 2.12).
   */
  order: (id: string | number, key?: string | null) => `/order/${id}${key ? `#${new URLSearchParams({ key }).toString()}` : ''}`,
  press: '/press',
  news: '/news',
  search: (query: string) => `/search?query=${encodeURIComponent(query)}`,
  searchPath: '/search',
  cookiesPolicy: '/cookies-policy',
  /** The legal content pages (docs/spec.md section 2.16). */
  termsAndConditions: '/terms-and-conditions',
  rightOfWithdrawal: '/right-of-withdrawal',
  privacyPolicy: '/privacy-policy',
  imprint: '/imprint',
  post: (slug: string) => `/${slug}`,
  /** Where the newsletter mails' links land (double opt-in): `?token=` from the mail. */
  newsletterConfirm: '/newsletter/confirm',
  newsletterUnsubscribe: '/newsletter/unsubscribe',
  /** Any URL whose query contains 'newsletter' opens the sign-up modal (docs/spec.md section 2). */
  newsletterSignUp: '/?newsletter',
  /** Staff login (docs/spec.md section 6); `?next=` is where to go afterwards (a local path). */
  staffLogin: '/staff/login',
  /** The analytics dashboard (docs/spec.md section 2.15); `?from=&to=` (UTC days) choose the range. */
  analytics: '/analytics',
  /** The admin UI (server-rendered, not an app route). */
  admin: '/admin/',
} as const;

const qs = (params: Record<string, string | number | boolean | undefined>) => {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined) search.set(key, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
};

export const apiPaths = {
  menus: '/api/wp/menus',
  /** The seller's details for the footer (docs/spec.md section 2.16). */
  company: '/api/company',
  /** The payment methods the shop accepts: [{id, title}]. */
  paymentMethods: '/api/checkout/payment-methods',
  pages: (slug: string) => `/api/wp/pages${qs({ slug })}`,
  posts: (params: { category?: number; slug?: string; per_page?: number }) =>
    `/api/wp/posts${qs(params)}`,
  /** News-feed items (docs/spec.md section 7: latest-news?filter={filter}). */
  latestNews: (filter: string, perPage?: number) => `/api/wp/latest-news${qs({ filter, per_page: perPage })}`,
  /** Staff checks (docs/spec.md section 6): success means yes. */
  isAdmin: '/is-admin',
  isReviewer: '/is-reviewer',
  /** docs/spec.md section 6: a GET ends the staff session and redirects to '/'. */
  logout: '/logout',
  /** POST {email, password} -> 200 {email, role}; 401 invalid_credentials; 429 rate_limited. */
  staffLogin: '/api/staff/login',
  categories: (slug: string) => `/api/wc/products/categories${qs({ slug })}`,
  /** `orderby`/`order`/`currency`: the listing's order (docs/spec.md section 2.5; WooCommerce REST's names). */
  products: (params: {
    category?: number;
    per_page?: number;
    page?: number;
    slug?: string;
    include?: number[];
    orderby?: 'menu_order' | 'price' | 'date' | 'title';
    order?: 'asc' | 'desc';
    currency?: string;
  }) =>
    `/api/wc/products${qs({ ...params, include: params.include?.join(',') })}`,
  product: (id: number) => `/api/wc/products/${id}`,
  productStock: (id: number) => `/api/wc/products/${id}${qs({ _fields: 'stock_status,variations', no_cache: true })}`,
  variations: (id: number) => `/api/wc/products/${id}/variations`,
  variation: (id: number, variationId: number) => `/api/wc/products/${id}/variations/${variationId}${qs({ no_cache: true })}`,
  colourSwatches: (ids: number[]) => `/api/wc/colour-swatches${qs({ ids: ids.join(',') })}`,
  filters: '/api/wc/filters',
  countries: '/api/wc/data/countries',
  taxes: '/api/wc/taxes',
  search: (query: string) => `/api/search/${encodeURIComponent(query)}`,
  /** Suggestions while typing (docs/spec.md section 2.10): top 5 products and matching categories. */
  searchSuggestions: (q: string) => `/api/search-suggestions${qs({ q })}`,
  cart: '/api/cart',
  cartCommands: '/api/cart/commands',
  location: '/api/location',
  /** Contact form (docs/spec.md section 7): POST {email, message, name, orderNumber, topic}; 200 means sent. */
  mail: '/api/mail',
  /** Newsletter sign-up (docs/spec.md section 7): POST {email, tags}; 200 means success. */
  newsletter: '/api/newsletter',
  /** Double opt-in: POST {token} -> 200 confirmed; 404 newsletter_link_invalid; 410 newsletter_link_expired. */
  newsletterConfirm: '/api/newsletter/confirm',
  /** One-click unsubscribe: POST ?token= -> 200 unsubscribed; 404 newsletter_link_invalid. */
  newsletterUnsubscribe: (token: string) => `/api/newsletter/unsubscribe${qs({ token })}`,
  shippingMethods: (params: { country: string; currency: string }) => `/api/checkout/shipping-methods${qs(params)}`,
  /** The top bar's and product page's shipping promise for a country (docs/spec.md section 2.3). */
  shippingPromise: (country: string) => `/api/checkout/shipping-promise${qs({ country })}`,
  checkoutQuote: '/api/checkout/quote',
  checkoutOrders: '/api/checkout/orders',
  /** GET an order; its key goes in the X-Order-Key header, never in this URL (docs/spec.md section 2.12). */
  order: (id: string | number) => `/api/wc/orders/${encodeURIComponent(String(id))}`,
  gaAddedToCart: (params: { cid: string; product_id: number; quantity: number; variation: number | string; event_id: string }) =>
    `/api/ga/added-to-cart${qs(params)}`,
  gaRemovedFromCart: (params: { cid: string; product_id: number; quantity: number; event_id: string }) =>
    `/api/ga/removed-from-cart${qs(params)}`,
  /** POST GA4 page_view {event_id, page_location, page_title, page_referrer, cid} (docs/spec.md section 2: every page change sends a page view). */
  gaPageView: '/api/ga/page-view',
} as const;
