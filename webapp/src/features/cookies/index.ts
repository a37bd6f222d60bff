/** Public API of the cookies feature (docs/spec.md section 2 "Footer": cookie banner, acceptCookies). */
export { CookieBanner } from './components/CookieBanner';
export { ACCEPT_COOKIES_KEY, acceptCookies, cookiesAccepted, useCookiesAccepted } from './store/consent';
