/** Public API of the content-blocks feature. */
export { BlockList } from './components/BlockList';
export { PromoTiles } from './components/Promo';
export { registerBlock, blockComponent } from './components/registry';
export { getPageBySlug, getPostBySlug } from './api/getPage';
export type { Block, BlockProps, BlockComponent } from './types';
