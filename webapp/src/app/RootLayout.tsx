import { useEffect, useMemo, useState } from 'react';
import { CountrySelector, getCountries, ShippingPromise, useCountryStore } from '@/features/country';
import { selectItemCount, useCartStore, useCartSync } from '@/features/cart';
import { buildFooterMenus, buildMainMenu, Footer, getMenus, getShopInfo, Header } from '@/features/layout';
import { StaffBannerSlot } from '@/features/staff';
import { CookieBanner } from '@/features/cookies';
import { NewsletterModal, NewsletterSignup } from '@/features/newsletter';
import { SearchBox, type SearchComboboxProps } from '@/features/search';
import { apiPaths } from '@/config/paths';
import { CurrencyContext } from '@/lib/currencyContext';
import { hasInline } from '@/lib/inlineApi';
import { Outlet, useLoaderData, useLocation, useNavigation, type LoaderFunctionArgs } from '@/lib/router';
import { useGuessedCountry } from './useGuessedCountry';
import { usePageViewTracking } from './usePageViewTracking';

async function loadRootData(signal?: AbortSignal) {
  const [menus, countries, shopInfo] = await Promise.all([getMenus(signal), getCountries(signal), getShopInfo(signal)]);
  return { menus, countries, shopInfo };
}
export type RootData = Awaited<ReturnType<typeof loadRootData>>;

/** The layout's data: menus, countries, the company and the payment methods. */
export const rootLoader = ({ request }: LoaderFunctionArgs) => loadRootData(request.signal);

/**
 * The layout's data from the page shell alone (lib/inlineApi.ts) when the shell carries it (it
 * writes the answers of all of `rootLoader`'s reads or none: services/api/page_shell.py
 * LAYOUT_READS), else undefined. The router starts with it as the root route's hydration data,
 * so the header and footer paint while the page's own chunk and data load (docs/targets.md 4.7).
 */
export const inlineRootData = (): Promise<RootData> | undefined => (hasInline(apiPaths.menus) ? loadRootData() : undefined);

/** The search feature's box, handed to the header (desktop bar and mobile panel). */
const renderSearch = (options: SearchComboboxProps) => <SearchBox {...options} />;

/** Every page change scrolls to top (docs/spec.md section 2). */
function ScrollToTop() {
  const { pathname } = useLocation();
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);
  return null;
}

export function RootLayout() {
  const { menus, countries, shopInfo } = useLoaderData<RootData>();
  const cartCount = useCartStore(selectItemCount);
  const countryCode = useCountryStore((s) => s.code);
  const currency = useCountryStore((s) => s.currency);
  useCartSync(countries, countryCode);
  useGuessedCountry(countries);
  usePageViewTracking();
  const navigation = useNavigation();
  const mainMenu = useMemo(() => buildMainMenu(menus), [menus]);
  const footerMenus = useMemo(() => buildFooterMenus(menus), [menus]);
  // The header's Newsletter button opens the newsletter modal; focus returns to this element.
  const [newsletterOpener, setNewsletterOpener] = useState<HTMLElement | null>(null);

  return (
    <>
      <a href="#main" className="skip-link">
        Skip to content
      </a>
      <StaffBannerSlot />
      <ScrollToTop />
      {navigation.state === 'loading' && <div className="route-progress" role="progressbar" aria-label="Loading page" />}
      <Header menu={mainMenu} cartCount={cartCount} countrySelector={<CountrySelector countries={countries} compact label="Ship to" />}
        shippingPromise={<ShippingPromise />}
        onNewsletter={setNewsletterOpener} renderSearch={renderSearch} />
      <main id="main" tabIndex={-1}>
        <CurrencyContext.Provider value={currency}>
          <Outlet />
        </CurrencyContext.Provider>
      </main>
      <Footer menus={footerMenus} countrySelector={<CountrySelector countries={countries} />} newsletter={<NewsletterSignup />} shopInfo={shopInfo} />
      <NewsletterModal openedBy={newsletterOpener} onClose={() => setNewsletterOpener(null)} />
      <CookieBanner />
    </>
  );
}
