/** Public API of the content-blocks feature. */
export { BlockList } from './components/BlockList';
export { PromoTiles } from './components/Promo';
export { registerBlock, blockComponent, LAYOUTS } from './components/registry';
export { ContentBlocksProvider, type BlockEnvironment } from './hooks/blockEnvironment';
export { getPageBySlug, getPostBySlug } from './api/getPage';
export { hasImageBlock } from './model/images';
export type { Block, BlockProps, BlockComponent } from './types';
