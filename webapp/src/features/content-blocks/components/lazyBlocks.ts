/** Blocks loaded on demand (one chunk): carousels and blocks that fetch data stay out of the first load. */
export { Faq } from './Faq';
export { Gallery } from './Gallery';
export { GalleryGrid } from './GalleryGrid';
export { Newsfeed } from './Newsfeed';
export { RelatedProducts, TrendingProducts } from './RelatedProducts';
export { Reviews } from './Reviews';
export { TechSpecs } from './TechSpecs';
export { Ticker } from './Ticker';
export { Videos } from './Videos';
