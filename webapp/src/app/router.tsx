import { createBrowserRouter, type RouteObject } from '@/lib/router';
import { AppLoading, RouteError } from './RouteError';
import { RootLayout, rootLoader, type RootData } from './RootLayout';

const generic = () => import('./routes/generic');

/** The spec route table (docs/spec.md section 2.1). Every page route is lazy (code-split). */
export const routes: RouteObject[] = [
  {
    id: 'root',
    path: '/',
    Component: RootLayout,
    loader: rootLoader,
    shouldRevalidate: () => false,
    HydrateFallback: AppLoading,
    ErrorBoundary: RouteError,
    children: [
      {
        ErrorBoundary: RouteError,
        // With the layout's data in the shell, the layout paints at once and this fills the
        // page's place until its chunk and data arrive (docs/targets.md 4.7).
        HydrateFallback: AppLoading,
        children: [
          { index: true, lazy: () => import('./routes/home') },
          { path: 'customize', lazy: () => import('./routes/customize') },
          { path: 'custom-keyboard-builder', lazy: () => import('./routes/builder') },
          { path: 'resellers', lazy: generic },
          { path: 'distributors', lazy: generic },
          { path: 'contact', lazy: () => import('./routes/contact') },
          { path: 'cart', lazy: () => import('./routes/cart') },
          { path: 'checkout', lazy: () => import('./routes/checkout') },
          { path: 'order/*', lazy: () => import('./routes/order') },
          { path: 'press', lazy: async () => (await import('./routes/posts')).press },
          { path: 'news', lazy: async () => (await import('./routes/posts')).news },
          { path: 'search', lazy: () => import('./routes/search') },
          { path: 'cookies-policy', lazy: generic },
          { path: 'staff/login', lazy: () => import('./routes/staffLogin') },
          // The support console (docs/spec.md section 2.14): staff only, one lazy chunk that
          // routes its own pages (one entry here keeps the shopper's first load as it was).
          { path: 'support/*', lazy: () => import('./routes/support') },
          // The analytics dashboard (docs/spec.md section 2.15): analysts and admins, one lazy chunk
          // with its charts; the splat also matches /analytics itself.
          { path: 'analytics/*', lazy: () => import('./routes/analytics') },
          { path: 'newsletter/confirm', lazy: async () => (await import('./routes/newsletter')).confirm },
          { path: 'newsletter/unsubscribe', lazy: async () => (await import('./routes/newsletter')).unsubscribe },
          // Categories, products, content pages and posts: resolved against the catalogue, not a
          // list of slugs (docs/spec.md section 2.1); unknown paths show the not-found page.
          { path: '*', lazy: () => import('./routes/catalogue') },
        ],
      },
    ],
  },
];

/** The app's router; `root`: the layout's data when the page shell carried it (`inlineRootData`). */
export const createAppRouter = (root?: RootData) =>
  createBrowserRouter(routes, root ? { hydrationData: { loaderData: { root } } } : undefined);
