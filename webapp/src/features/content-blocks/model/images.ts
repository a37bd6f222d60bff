/**
 * Which block holds a page's priority image. The first image-bearing block of a page (often its
 * Largest Contentful Paint element: a hero, or an above-the-fold quick_info) loads its image
 * eagerly with fetchpriority="high"; every other block's images load lazily.
 *
 * A block bears an image when it shows one where it stands: hero (image, or a video file with
 * its poster), hero_image, quick_info (image, video thumbnail or video), promo and tech_specs with
 * an image; the carousels, grids and feeds (reviews, videos, gallery, gallery_grid,
 * related_products, trending_products, newsfeed) always do. Those load on demand and stay lazy
 * themselves, but when one comes first it is still the page's first image, so no later block is
 * given priority.
 */
import type { Block } from '../types';
import { readImage } from '../components/fields';
import { videoFile, videoId } from './video';

const ALWAYS = new Set(['reviews', 'videos', 'gallery', 'gallery_grid', 'related_products', 'trending_products', 'newsfeed']);

const hasImage = (block: Block) => readImage(block.image) !== null;

/** Whether `block` shows an image (or a video) where it stands. */
export function bearsImage(block: Block | null | undefined): boolean {
  if (!block || typeof block.acf_fc_layout !== 'string') return false;
  switch (block.acf_fc_layout) {
    case 'hero':
      return hasImage(block) || videoFile(block.video) !== null;
    case 'quick_info':
      return hasImage(block) || videoId(block.video) !== null || videoFile(block.video) !== null;
    case 'hero_image':
    case 'promo':
    case 'tech_specs':
      return hasImage(block);
    default:
      return ALWAYS.has(block.acf_fc_layout);
  }
}

/** Index of the first image-bearing block of `blocks`, or -1. */
export function firstImageBlock(blocks: readonly (Block | null | undefined)[] | null | undefined): number {
  return Array.isArray(blocks) ? blocks.findIndex(bearsImage) : -1;
}

/** Whether any of `blocks` bears an image (then a block list after them gets no priority image). */
export function hasImageBlock(blocks: readonly (Block | null | undefined)[] | null | undefined): boolean {
  return firstImageBlock(blocks) !== -1;
}
