/** Public API of the layout feature (header, footer, menus). */
export { Header } from './components/Header';
export { Footer } from './components/Footer';
export { getMenus } from './api/getMenus';
export { getShopInfo, type ShopInfo } from './api/getShopInfo';
export { buildMainMenu, buildFooterMenus } from './hooks/buildMenu';
export type { NavEntry, FooterMenu } from './types';
