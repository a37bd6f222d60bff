/**
 * Layout name (`acf_fc_layout`) -> component, for every block of docs/spec.md section 2.
 * Blocks that are often above the fold (heroes, quick_info, info_box, html,
 * text_row, promos, anchor markers) load with the page; the carousels and the
 * blocks that fetch data load on demand (the lazyBlocks chunk) when they come
 * near the viewport (BlockList). Later issues
 * add or replace layouts with registerBlock.
 */
import { lazy } from 'react';
import type { BlockComponent } from '../types';
import { AnchorMarker } from './AnchorMenu';
import { Hero } from './Hero';
import { HeroImage } from './HeroImage';
import { HtmlBlock } from './HtmlBlock';
import { InfoBox } from './InfoBox';
import { Promo } from './Promo';
import { QuickInfo } from './QuickInfo';
import { TextRow } from './TextRow';

type LazyName = keyof typeof import('./lazyBlocks');

const onDemand = (name: LazyName): BlockComponent => lazy(() => import('./lazyBlocks').then((blocks) => ({ default: blocks[name] })));

const registry = new Map<string, BlockComponent>([
  ['hero', Hero],
  ['hero_image', HeroImage],
  ['quick_info', QuickInfo],
  ['info_box', InfoBox],
  ['tech_specs', onDemand('TechSpecs')],
  ['reviews', onDemand('Reviews')],
  ['videos', onDemand('Videos')],
  ['gallery', onDemand('Gallery')],
  ['gallery_grid', onDemand('GalleryGrid')],
  ['faq', onDemand('Faq')],
  ['html', HtmlBlock],
  ['related_products', onDemand('RelatedProducts')],
  ['trending_products', onDemand('TrendingProducts')],
  ['ticker', onDemand('Ticker')],
  ['newsfeed', onDemand('Newsfeed')],
  ['text_row', TextRow],
  ['anchor_link', AnchorMarker],
  ['promo', Promo],
]);

/** Every layout the storefront renders. */
export const LAYOUTS: readonly string[] = [...registry.keys()];

export function registerBlock(layout: string, component: BlockComponent): void {
  registry.set(layout, component);
}

export function blockComponent(layout: string): BlockComponent | undefined {
  return registry.get(layout);
}

/**
 * Layouts whose code loads on demand, with rough heights kept free while they
 * load (and until they come near the viewport) so the page does not jump.
 */
export const PENDING_HEIGHT: Record<string, number> = {
  tech_specs: 420,
  reviews: 460,
  videos: 420,
  gallery: 420,
  gallery_grid: 360,
  faq: 260,
  related_products: 420,
  trending_products: 420,
  ticker: 64,
  newsfeed: 440,
};
